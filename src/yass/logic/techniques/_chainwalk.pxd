# C declarations for the module-level values of yass/logic/techniques/_chainwalk.py (Cython pure-Python mode).

cdef int LOWBIT[64]
cdef unsigned long long ALL
cdef unsigned long long DEBRUIJN

# A non-negative Python integer written as n little-endian bytes (``int.to_bytes``), for
# ``pack``: the public call from Python 3.13 on, CPython's own conversion before it.
cdef extern from *:
    """
    static int yass_long_to_le(PyObject *v, unsigned char *out, Py_ssize_t n) {
    #if PY_VERSION_HEX >= 0x030D0000
        Py_ssize_t need = PyLong_AsNativeBytes(
            v, out, n, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
        if (need < 0) return -1;
        if (need > n) {
            PyErr_SetString(PyExc_OverflowError, "int too big to convert");
            return -1;
        }
        return 0;
    #else
        return _PyLong_AsByteArray((PyLongObject *)v, out, (size_t)n, 1, 0);
    #endif
    }
    """
    int yass_long_to_le(object v, unsigned char *out, Py_ssize_t n) except -1
