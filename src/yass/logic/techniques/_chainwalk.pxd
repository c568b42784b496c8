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

# The same for a row of 64-bit words (``n`` bytes, a multiple of 8, on a little-endian
# machine): on CPython before 3.12 (30-bit digits) read from the integer's digits a word
# at a time, else as ``yass_long_to_le``. And a bytearray of ``n`` bytes left unset,
# for rows the caller writes in full before reading.
cdef extern from *:
    """
    #include <string.h>
    static int yass_long_to_words(PyObject *v, unsigned char *out, Py_ssize_t n) {
    #if PY_VERSION_HEX < 0x030C0000 && PYLONG_BITS_IN_DIGIT == 30 && PY_LITTLE_ENDIAN
        if (PyLong_CheckExact(v) && Py_SIZE(v) >= 0) {
            Py_ssize_t nd = Py_SIZE(v), nw = n >> 3, i;
            const digit *dg = ((PyLongObject *)v)->ob_digit;
            unsigned long long *w = (unsigned long long *)out;
            memset(out, 0, (size_t)n);
            for (i = 0; i < nd; i++) {
                unsigned long long x = dg[i];
                Py_ssize_t bit = i * 30, at = bit >> 6;
                int s = (int)(bit & 63);
                if (!x) continue;
                if (at >= nw || (s > 34 && at + 1 >= nw && (x >> (64 - s)))) {
                    PyErr_SetString(PyExc_OverflowError, "int too big to convert");
                    return -1;
                }
                w[at] |= x << s;
                if (s > 34) w[at + 1] |= x >> (64 - s);
            }
            return 0;
        }
    #endif
        return yass_long_to_le(v, out, n);
    }
    static PyObject *yass_unset_bytearray(Py_ssize_t n) {
        return PyByteArray_FromStringAndSize(NULL, n);
    }
    """
    int yass_long_to_words(object v, unsigned char *out, Py_ssize_t n) except -1
    bytearray yass_unset_bytearray(Py_ssize_t n)
