"""The standalone Spider: one folder with its own Python, for players without one (docs/STANDALONE.md).

    python -m tools.bundle [--again]       build dist/spider-<version>-linux-x86_64.tar.gz
    python -m tools.bundle.check ARCHIVE   play it from elsewhere, in a clean environment

- ``spider.spec``  PyInstaller's recipe (Linux, Windows, macOS alike);
- ``contents``     what the spec adds or leaves out, and the licences;
- ``entry``        the program; ``rthook``, run before it in the bundle;
- ``build``        a fresh venv of the pinned versions, PyInstaller, the archive;
- ``archive``      the archive, the same bytes for the same folder;
- ``check``        the checks CI runs on the archive;
- ``licences/``    licence texts the wheels of what we bundle do not carry.
"""
