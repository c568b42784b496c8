"""Data the package ships: ``seeds``, the bank ``yass generate`` starts rare searches from."""
