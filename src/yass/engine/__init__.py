"""The search: the compiled engine, the reference search, the parallel map."""
