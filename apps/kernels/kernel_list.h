/* The benchmark applications, one X-macro line each (docs/kernels.md has the table):
 *     NP_KERNEL(suite, name, app_fn, "input description")
 * suite in {rodinia, polybench, parboil, pannotia, mars, sdk}; name is the command-line name
 * (`npkernel run NAME`); app_fn is `int app_fn(simt_dev *d, const simt_app_opts *o)` in
 * apps/kernels/<suite>/<name>.c. No include guard: the includer defines NP_KERNEL. */
NP_KERNEL(sdk, vecadd, app_vecadd, "n=100 floats, blocks of 1024 (the Accel-Sim trace's vectoradd-100-32)")
NP_KERNEL(sdk, matrixmul, app_matrixmul, "32x32 floats, 32x32 tiles (the Accel-Sim trace's matrixmul-32-32)")
