import SimKernel
