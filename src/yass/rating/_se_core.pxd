# C declarations for the module-level state of yass/rating/_se_core.py (Cython pure-Python mode).
# The sizes here must match the lists made at the top of _se_core.py when interpreted.

cdef int PEER[1620]
cdef int CPOP[512]
cdef int LOWI[512]
cdef int HCELL[243]
cdef int CHOUSE[243]
cdef int CIDX[243]
cdef unsigned int CAND[81]
cdef unsigned int POSA[243]
cdef int ONN[1458]
cdef int ONL[40824]
cdef int OFFN[2187]
cdef int OFFL[8748]
cdef int NKEY[131072]
cdef int NPAR[131072]
cdef int PA[131072]
cdef int PB[131072]
cdef int FOUND[131072]
cdef int MARK_ON[1458]
cdef int MARK_OFF[1458]
cdef int MARK_K[1458]
cdef int MARK_C[81]
cdef int MARK_F[729]
cdef int MARK_L[729]
cdef int MARK_B[729]
cdef int ELIM[729]
cdef int BEST_E[729]
cdef unsigned char EXB[6561]
cdef int EXL[1620]
cdef int EXN[81]
cdef int TCELLS[81]
cdef unsigned int LOCKS[20]
cdef int TAILS[40]
cdef int _nn
cdef int _stamp
cdef int _nelim
cdef int _loaded
cdef int PK[1048576]
cdef int PPS[1048576]
cdef int PPN[1048576]
cdef int PPAR[2097152]
cdef int SLOT[729]
cdef int SBEG[1460]
cdef int SEND[1460]
cdef int SABS1[1460]
cdef int SABS2[1460]
cdef int IDX[2128680]
cdef unsigned int SBIT[67160]
cdef int QON[1460]
cdef int QOFF[1460]
cdef unsigned int SAVEC[81]
cdef unsigned int SAVEP[243]
cdef int STK[2920]
cdef int TGT[9]
cdef int ONSK[4]
cdef int ONSN[4]
cdef int _pn
cdef int _ppn
cdef int _nslots
cdef int _overflow
cdef int _have
cdef double _bd
cdef int _bcx
cdef int _bsk
cdef int _bkind
cdef int _btarget
cdef int _premise
cdef int _bpremise
cdef int _first
cdef double _cbase
cdef int RSLOT[9]
cdef int CSLOT[9]
cdef int ORDER[81]
cdef int ULOOP[82]
cdef unsigned char UIN[81]
cdef unsigned char UHOLD[81]
cdef unsigned char UVIA[81]
cdef unsigned int HBITS[81]
cdef int _ulen
cdef int _ufirst
cdef unsigned int _upair
cdef unsigned int _uocc0
cdef unsigned int _uocc1
cdef unsigned int TOUCH[27]
cdef unsigned int LOST[243]
cdef int HP[1458]
cdef int HE[729]
cdef int ADVN[800]
cdef int EMPTY[27]
cdef int OCCUR[9]
cdef int LOCK1[108]
cdef unsigned int LOCKIN[108]
cdef int LOCK2[108]
cdef unsigned int LOCKOUT[108]
cdef int _level
cdef int _nhp
cdef int _nhe
cdef int _produced
cdef int _nadv
cdef int _nlock
cdef int PCAUSE[1048576]
cdef int PNCX[1048576]
cdef int PNSIG[1048576]
cdef int SEENS[13122]
cdef unsigned int BKC[81]
cdef unsigned int BKP[243]
cdef unsigned int BKSC[81]
cdef unsigned int BKSP[243]
cdef int BKSLOT[729]
cdef int BKCS[9]
cdef int BKRS[9]
cdef int BKT[9]
cdef int BKE[27]
cdef int BKO[9]
cdef unsigned int BKTOUCH[27]
cdef unsigned int BKLOST[243]
cdef int _sb
cdef int _depth
cdef int _nrules
cdef int _ecx
cdef int _esig
cdef unsigned int RSAVE[81]
cdef unsigned int GHM[27]
cdef int HOTK[1458]
cdef int _hst
cdef int MARK_R[729]
cdef int RPB[729]
cdef int CK[4096]
cdef int CC[4096]
cdef int _nrp
cdef int _rstamp
cdef int _PNCAP
cdef int RBCX[1458]
cdef int RBSK[1458]
cdef int RBPOS[1458]
cdef int RBST[1458]
cdef int _rcall
cdef int _PPCAP
cdef int _every
cdef int _seq
cdef int _init
cdef int _slo
cdef int LOCKPT[108]
cdef int LOCK3N[108]
cdef int LOCK3H[216]
cdef unsigned int LOCK3OUT[216]
