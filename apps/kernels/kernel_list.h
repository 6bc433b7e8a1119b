/* The benchmark applications, one X-macro line each (docs/kernels.md has the table):
 *     NP_KERNEL(suite, name, app_fn, "input description")
 * suite in {rodinia, polybench, parboil, pannotia, mars, sdk}; name is the command-line name
 * (`npkernel run NAME`); app_fn is `int app_fn(simt_dev *d, const simt_app_opts *o)` in
 * apps/kernels/<suite>/<name>.c. No include guard: the includer defines NP_KERNEL. */
NP_KERNEL(sdk, vecadd, app_vecadd, "n=100 floats, blocks of 1024 (the Accel-Sim trace's vectoradd-100-32)")
NP_KERNEL(sdk, matrixmul, app_matrixmul, "32x32 floats, 32x32 tiles (the Accel-Sim trace's matrixmul-32-32)")
NP_KERNEL(rodinia, bfs, app_bfs, "graph65536.txt (Rodinia's run); graph4096.txt at scale > 1")
NP_KERNEL(rodinia, ge, app_ge, "matrix208.txt; matrix16.txt at scale > 1")
NP_KERNEL(rodinia, lud, app_lud, "256.dat; 64.dat at scale > 1")
NP_KERNEL(rodinia, hs, app_hs, "temp_512 + power_512, pyramid 2, 2 iterations; the 64x64 files at scale > 1")
NP_KERNEL(rodinia, pf, app_pf, "generated rand()%10 walls, 50000 cols x 100 rows, pyramid 20 (Rodinia run: 100000 cols); cols / scale")
NP_KERNEL(rodinia, nw, app_nw, "generated sequences (rand()%10+1, BLOSUM62), 1024x1024, penalty 10 (Rodinia run: 2048); dimension / scale")
NP_KERNEL(rodinia, bp, app_bp, "generated network (rand()/RAND_MAX weights and inputs), 65536 inputs (Rodinia run); inputs / scale")
NP_KERNEL(rodinia, srad2, app_srad2, "generated image (exp(rand()/RAND_MAX)), 512x512, ROI 0..127, lambda 0.5, 2 iterations (Rodinia run: 2048x2048); rows and cols / scale")
NP_KERNEL(rodinia, km, app_km, "generated as datagen.cpp (34 integer features 0..255), 2048 points, k=5, threshold 0.001; points / scale")
NP_KERNEL(polybench, atax, app_atax, "init_array formulas, N=512 (PolyBench/GPU: 4096); N / scale")
NP_KERNEL(polybench, bicg, app_bicg, "init_array formulas, N=512 (PolyBench/GPU: 4096); N / scale")
NP_KERNEL(polybench, mvt, app_mvt, "init_array formulas, N=512 (PolyBench/GPU: 4096); N / scale")
NP_KERNEL(polybench, conv2d, app_conv2d, "rand()/RAND_MAX image, 1024x1024 (PolyBench/GPU: 4096^2); / scale")
NP_KERNEL(polybench, conv3d, app_conv3d, "init formula, 128^3, 126 launches (PolyBench/GPU: 256^3); / scale")
NP_KERNEL(polybench, mm2, app_mm2, "init_array formulas, 128^3 (PolyBench/GPU: 1024); / scale")
NP_KERNEL(polybench, gemm, app_gemm, "init formulas, 128^3 (PolyBench/GPU: 512); / scale")
