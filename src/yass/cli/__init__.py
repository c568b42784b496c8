"""The ``yass`` command."""
