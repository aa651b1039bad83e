"""Developer tools: the atlas renderer (``python -m tools.atlas``) and the benchmarks."""
