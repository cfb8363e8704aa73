"""The ``cc`` command: the operator's console over the same services."""
