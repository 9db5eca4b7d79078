// ICU's collation data, written by SectionSortDataGenerator: constant bytes, read in place
// by Sources/SectionSort/Collation/Runtime. Do not edit; regenerate.
// The data is ICU's (see LICENSE-ICU beside this folder's sources):
//   © 2016 and later: Unicode, Inc. and others.
//   License & terms of use: http://www.unicode.org/copyright.html
#ifndef SECTIONSORT_COLLATION_DATA_H
#define SECTIONSORT_COLLATION_DATA_H

#include <stdint.h>
// The index and reading data (scripts, exemplars, the Han-Latin/Names transform).
#include "SectionSortIndexData.h"

/// A blob of constant bytes, 16-byte aligned, little-endian.
typedef struct SSCDBytes {
    const uint8_t *bytes;
    uint32_t count;
} SSCDBytes;

SSCDBytes sscd_root(void);
SSCDBytes sscd_tailorings(void);
SSCDBytes sscd_tailoring_offsets(void);
SSCDBytes sscd_locales(void);
SSCDBytes sscd_normalization(void);
SSCDBytes sscd_versions(void);

#endif
