/* Result codes shared by every unit of the C golden model (libdeflate's libdeflate_result shape). */
#ifndef NP_RESULT_H
#define NP_RESULT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    NP_OK = 0,        /* success */
    NP_BAD_DATA = 1,  /* compressed input is malformed (truncated, trailing bits, non-canonical) */
    NP_NO_SPACE = 2,  /* the caller's output buffer is too small */
    NP_BAD_PARAM = 3  /* a configuration value or argument outside what docs/ allows */
} np_result;

/* Short stable name of a result ("ok", "bad_data", ...), for messages and vector files. */
const char *np_result_name(np_result r);

#ifdef __cplusplus
}
#endif
#endif
