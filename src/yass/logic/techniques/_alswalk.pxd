# C declarations for yass/logic/techniques/_alswalk.py (Cython pure-Python mode).

# The lowest set bit's index and the number of bits set, by the compiler's builtins.
cdef extern from *:
    """
    static inline int yass_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int yass_popcount(unsigned int x) { return __builtin_popcount(x); }
    """
    int yass_ctz64(unsigned long long x) nogil
    int yass_popcount(unsigned int x) nogil

# A bytearray of n bytes left unset, for rows the caller writes in full before reading.
cdef extern from *:
    """
    static PyObject *yass_als_unset_bytearray(Py_ssize_t n) {
        return PyByteArray_FromStringAndSize(NULL, n);
    }
    """
    object yass_als_unset_bytearray(Py_ssize_t n)
