/* Version of the library libnocpress (docs/embedding.md "Versions").
 *
 * MAJOR.MINOR.PATCH. The shared library's SONAME is libnocpress.so.MAJOR, so a program linked
 * against one major version never silently loads another.
 *   MAJOR: the ABI breaks (a function, struct or enum changes or goes away), or the major part
 *          of any model version below changes (that model's streams or results differ).
 *   MINOR: a model or a function is added, or any other part of a model version changes.
 *   PATCH: anything else (build, docs, fixes that change no stream, length or result).
 * NOCPRESS_MODELS is derived from the models' own *_MODEL_VERSION defines (np_models.h, generated
 * by cmodel/models.sh: a new model is in it without editing this file). Which models each library
 * version was cut for is cmodel/models.tsv: `make install-test` (part of `make test`) fails when
 * NOCPRESS_VERSION's row is missing or differs from the defines, so a model change cannot ship
 * under an old library version (then: bump the version here, `make models-manifest`). */
#ifndef NP_VERSION_H
#define NP_VERSION_H

#include "np_models.h" /* generated (cmodel/models.sh): NOCPRESS_MODEL_LIST */

#ifdef __cplusplus
extern "C" {
#endif

#define NOCPRESS_VERSION_MAJOR 3
#define NOCPRESS_VERSION_MINOR 1
#define NOCPRESS_VERSION_PATCH 0
#define NOCPRESS_VERSION "3.1.0"

/* "<name> <version>" per *_MODEL_VERSION define, in header-name order, comma separated: one
 * string literal ("ba 1.0, bdi 1.0, ..."). */
#define NP_MODEL_TEXT_(name, version) #name " " version
#define NOCPRESS_MODELS NOCPRESS_MODEL_LIST(NP_MODEL_TEXT_, ", ")

/* The version and model set of the library actually loaded (NOCPRESS_VERSION and
 * NOCPRESS_MODELS as it was built): a program compares them with the macros it was compiled
 * against, and records them beside its results. */
const char *np_version(void);
const char *np_version_models(void);

#ifdef __cplusplus
}
#endif
#endif
