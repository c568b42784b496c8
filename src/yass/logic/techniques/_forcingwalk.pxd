# C declarations for the module-level values of yass/logic/techniques/_forcingwalk.py (Cython pure-Python mode).

cdef int LOWBIT[64]
cdef unsigned long long ALL
cdef unsigned long long DEBRUIJN
cdef unsigned long long M1
cdef unsigned long long M2
cdef unsigned long long M4
cdef unsigned long long H01

# The compiler's bit count and trailing zero count (one instruction where the target
# has one), and a bytearray of n bytes left unset, for rows written before they are read.
cdef extern from *:
    """
    static inline int yass_fw_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int yass_fw_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static PyObject *yass_fw_unset(Py_ssize_t n) {
        return PyByteArray_FromStringAndSize(NULL, n);
    }
    """
    int yass_fw_popcount(unsigned long long x) nogil
    int yass_fw_ctz(unsigned long long x) nogil
    bytearray yass_fw_unset(Py_ssize_t n)
