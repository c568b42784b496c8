# C declarations for the module-level values of yass/logic/techniques/_chainwalk.py (Cython pure-Python mode).

cdef int LOWBIT[64]
cdef unsigned long long ALL
cdef unsigned long long DEBRUIJN
