# C declarations for the module-level state of yass/engine/_core.py (Cython pure-Python mode).
# The sizes here must match the constants at the top of _core.py.

# -- classic 9x9: bitboards per digit and band -------------------------------------
cdef unsigned int ROWBOX[512]
cdef unsigned int PERM[512]
cdef unsigned short PPAT[512]
cdef unsigned int COLKEEP[512]
cdef unsigned int CLAIM[512]
cdef unsigned char VALID6[512]
cdef unsigned short SINGLE3[512]
cdef unsigned int HCONF[512]
cdef unsigned int MR2CELLS[512]
cdef unsigned char NCONF[512]
cdef unsigned int HMASK[6]
cdef unsigned int VKEEP[9]
cdef unsigned char P3[18]
cdef unsigned int BANDPEERS[27]
cdef unsigned int COLBITS[27]
cdef int OTHER1[3]
cdef int OTHER2[3]
cdef int KBAND[27]
cdef int KOTHER[27]
cdef unsigned int ST9[5376]
cdef unsigned char GIV9[81]
cdef unsigned char CHARV[128]
cdef unsigned int GOWN9[27]
cdef unsigned char SOL9[81]
cdef int _nsol9
cdef int _limit9
cdef unsigned int _dirty9
cdef long long _nodes

# -- the bounds of the current search ---------------------------------------------------
cdef long long _snodes
cdef long long _maxnodes
cdef long long _nextpoll
cdef double _deadline
cdef int _stop
cdef long long _runcap
cdef int _grand
cdef unsigned int _rng
cdef long long _restart_first

# -- any layout: candidate masks per cell ----------------------------------------------
cdef unsigned char POP8[256]
cdef int G_PSTART[257]
cdef unsigned short G_PEERS[65536]
cdef int G_HSTART[1025]
cdef unsigned short G_HCELLS[16384]
cdef int G_ASTART[257]
cdef unsigned short G_ANB[16384]
cdef unsigned short G_ATAB[16384]
cdef unsigned short G_TABLES[32768]
cdef unsigned char G_TKMAX[2048]
cdef unsigned short G_MASK0[256]
cdef unsigned short GC[65792]
cdef unsigned char GA[65792]
cdef unsigned short GQ[1024]
cdef unsigned char GGIV[256]
cdef unsigned int GW[256]
cdef int G_ISTART[6145]
cdef unsigned char G_ICELLS[65536]
cdef int _gnipairs
cdef int _gniparts
cdef int G_IPSTART[4097]
cdef short G_IPARTS[16384]
cdef unsigned int GI_SH[2048]
cdef unsigned char GSOL[256]
cdef unsigned short GU[256]
cdef unsigned char OUTBUF[257]
cdef unsigned char TOP8[256]
cdef int G_SSTART[1025]
cdef unsigned short G_SCELLS[8192]
cdef int G_SETSTART[1025]
cdef unsigned short G_SETS[16384]
cdef int G_LSTART[1025]
cdef unsigned short G_LCELLS[8192]
cdef int G_LCOEF[8192]
cdef int G_LTOTAL[1024]
cdef int G_CSTART[1025]
cdef unsigned short G_CCELLS[8192]
cdef unsigned short G_CDIGIT[1024]
cdef int G_CCOUNT[1024]
cdef int G_FSTART[257]
cdef unsigned short G_FLIST[16384]
cdef unsigned short GS[65792]
cdef unsigned char GFD[2048]
cdef unsigned short GFQ[2048]
cdef unsigned short GFQ2[2048]
cdef unsigned int G_LAPART[8192]
cdef int GD_CELL[16]
cdef unsigned int GD_APART[16]
cdef int GD_COEF[16]
cdef unsigned int GD_REST[16]
cdef unsigned int GD_V[16]
cdef unsigned int GD_SUP[16]
cdef int GD_FRESH[16]
cdef unsigned int GD_USED[16]
cdef int GO_ORD[16]
cdef int GO_POP[16]
cdef int GO_CELL[16]
cdef int GO_COEF[16]
cdef unsigned int GO_APART[16]
cdef unsigned int GO_SUP[16]
cdef int GD_ACC[17]
cdef int GD_SMIN[17]
cdef int GD_SMAX[17]
cdef int GM_OWNER[16]
cdef int GM_MATCH[16]
cdef int GM_PREV[16]
cdef int GM_QUEUE[17]
cdef unsigned int GM_CAND[16]
cdef unsigned int GM_REACH[16]
cdef int _gn
cdef int _gncells
cdef int _gnarcs
cdef long long _gloads
cdef int _gnhouses
cdef unsigned int _gall
cdef int _gqn
cdef int _gnsol
cdef int _glimit
cdef int _gnsets
cdef int _gnforms
cdef int _gnsums
cdef int _gfqn
cdef int _gfqn2
cdef unsigned long long G_PBITS[1024]
cdef unsigned long long GP_SEEN[4]
cdef int _gnwords
cdef unsigned int _gneed
cdef int _gnconts
cdef int G_YSTART[1025]
cdef unsigned short G_YCELLS[8192]
cdef int G_YLAYER[10240]
cdef unsigned short G_YNEXT[131072]
cdef unsigned short G_YOK[65536]
cdef unsigned char GY_MARK[65536]
cdef unsigned char G_YDISTINCT[1024]
cdef unsigned long long _M64
cdef unsigned long long _M32
cdef unsigned long long _GOLDEN
cdef unsigned long long GB[68]
cdef unsigned long long GBB[68]
cdef unsigned long long GBT[4]
cdef unsigned int GE_STAMP[4096]
cdef int GE_FORM[4096]
cdef unsigned short GE_IN[65536]
cdef unsigned short GE_OUT[65536]
cdef unsigned short GE_MID[65536]
cdef unsigned short GE_NEED[4096]
cdef signed char GE_RES[4096]
cdef unsigned int _gegen
cdef int GY_GIVEUP[1024]
cdef unsigned char GY_PEND[1024]
cdef int GY_PLIST[1024]
cdef int _gypn
cdef int _gydefer
cdef int _gsplit
cdef unsigned int _gsbit
cdef long long _gsw
cdef int GP_STATE[4096]
cdef unsigned int GP_USED[4096]
cdef unsigned char GP_ALIVE[4096]
cdef int GP_LSTART[18]
cdef unsigned int GH_STAMP[8192]
cdef unsigned int GH_KEY[8192]
cdef int GH_PAIR[8192]
cdef unsigned int _ghgen
