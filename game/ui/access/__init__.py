"""What a screen reader reads: the window as an accessibility tree.

- `tree`: the tree as values, built by one pure function from what is shown.
- `adapter`: the tree handed to the system through AccessKit.

May import the engine and the application logic only (no other room).
"""
