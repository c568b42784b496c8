# C declarations for the module-level state of yass/_se_basic.py (Cython pure-Python mode).
# The sizes here must match the lists made at the top of _se_basic.py when interpreted.

cdef int PEER[1620]
cdef unsigned char ISPEER[6561]
cdef int HCELL[243]
cdef int CHOUSE[243]
cdef int CIDX[243]
cdef int POP[512]
cdef int LOW[512]
cdef double DIFF[18]
cdef int LK1[108]
cdef unsigned int LKIN[108]
cdef int LK2[108]
cdef unsigned int LKOUT[108]
cdef int LKPT[108]
cdef int LK3H[216]
cdef unsigned int LK3OUT[216]
cdef int VAL[81]
cdef unsigned int CAND[81]
cdef unsigned int POS[243]
cdef int EMPTY[27]
cdef int ELC[729]
cdef int ELD[729]
cdef unsigned int SUBM[126]
cdef unsigned int SUBU[126]
cdef unsigned int MASKS[9]
cdef int OK9[9]
cdef int OCC[10]
cdef unsigned int SGL[27]
cdef unsigned int SBIT[27]
cdef int SHOUSE[27]
cdef unsigned int _state[2]
cdef int _nlock
cdef int _code
cdef int _pcell
cdef int _pdigit
cdef int _nel
cdef int _loaded
cdef double FIG[3]
cdef int _hard
cdef unsigned int HM[27]
