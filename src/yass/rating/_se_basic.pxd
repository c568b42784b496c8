# C declarations for the module-level state of yass/rating/_se_basic.py (Cython pure-Python mode).
# The sizes here must match the lists made at the top of _se_basic.py when interpreted.

cdef int PEER[1620]
cdef unsigned char ISPEER[6561]
cdef int HCELL[243]
cdef int CHOUSE[243]
cdef int CIDX[243]
cdef int POP[512]
cdef int LOW[512]
cdef double DIFF[23]
cdef int LK1[108]
cdef unsigned int LKIN[108]
cdef int LK2[108]
cdef unsigned int LKOUT[108]
cdef int LKPT[108]
cdef int LK3H[216]
cdef unsigned int LK3OUT[216]
cdef int LKC[972]
cdef unsigned int LKDS[108]
cdef int _lkfresh
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
cdef unsigned int _alone
cdef int _nlock
cdef int _code
cdef int _pcell
cdef int _pdigit
cdef int _nel
cdef int _loaded
cdef double FIG[3]
cdef double _diff
cdef unsigned int HM[27]
cdef unsigned int HB[81]
cdef int CHAR[256]
cdef unsigned char HOLDP[41472]
cdef unsigned char VIAP[41472]
cdef int PSTAMP[512]
cdef unsigned int HSTAMP[512]
cdef unsigned int _hstamp
cdef int UL[82]
cdef unsigned char INL[81]
cdef unsigned int UOCC[2]
cdef int EXC[82]
cdef int TEC[729]
cdef int TED[729]
cdef int BEC[729]
cdef int BED[729]
cdef int FITS[9]
cdef int REM[9]
cdef unsigned int TEMP[81]
cdef int BUGC[81]
cdef unsigned int BUGV[81]
cdef unsigned char BCOM[81]
cdef int RC[20]
cdef int _ustamp
cdef unsigned int _upair
cdef int _ulen
cdef int _usize
cdef int _ukind
cdef int _tn
cdef int _bn
cdef double _bdiff
cdef int _bkind
cdef int _bsize
cdef int _assumed
