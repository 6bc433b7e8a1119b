MemcpyHtoD,0x0000000000010000,512
kernel-1.traceg
