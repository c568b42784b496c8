# C declarations for the module-level values of yass/logic/techniques/_forcingwalk.py (Cython pure-Python mode).

cdef int LOWBIT[64]
cdef unsigned long long ALL
cdef unsigned long long DEBRUIJN
cdef unsigned long long M1
cdef unsigned long long M2
cdef unsigned long long M4
cdef unsigned long long H01
