// Forwards each ssicu_ function to the ICU symbol of the platform, declared here with
// SectionSortICU.h's types (the same layouts: opaque pointers, 32-bit integers and enumerations).
//
// The symbol names follow ICU's public C API; the UCharIterator layout is copied from uiter.h:
//   © 2016 and later: Unicode, Inc. and others.
//   License & terms of use: http://www.unicode.org/copyright.html
// See LICENSE-ICU beside this file.
#include "SectionSortICU.h"

#include <stddef.h>

// Apple's libicucore exports ICU's plain names (ICU's uconfig.h disables renaming under
// __APPLE__); the toolchain's ICU elsewhere exports them with a `swift_` prefix.
#if defined(__APPLE__)
#define SSICU_REAL(name) name
#else
#define SSICU_REAL(name) swift_##name
#endif

// ICU's UCharIterator (uiter.h): a struct that uiter_setUTF8 fills in and ICU then calls through.
typedef struct SSICUCharIterator {
    const void *context;
    int32_t length;
    int32_t start;
    int32_t index;
    int32_t limit;
    int32_t reservedField;
    void *getIndex;
    void *move;
    void *hasNext;
    void *hasPrevious;
    void *current;
    void *next;
    void *previous;
    void *reservedFn;
    void *getState;
    void *setState;
} SSICUCharIterator;

// MARK: The platform's symbols

const char *SSICU_REAL(u_errorName)(SSICUStatus status);
void SSICU_REAL(u_getVersion)(SSICUVersion version);

SSICUCollator *SSICU_REAL(ucol_open)(const char *locale, SSICUStatus *status);
void SSICU_REAL(ucol_close)(SSICUCollator *collator);
SSICUCollator *SSICU_REAL(ucol_clone)(const SSICUCollator *collator, SSICUStatus *status);
void SSICU_REAL(ucol_setAttribute)(SSICUCollator *collator, SSICUCollatorAttribute attribute,
                                   SSICUCollatorAttributeValue value, SSICUStatus *status);
int32_t SSICU_REAL(ucol_getAttribute)(const SSICUCollator *collator, SSICUCollatorAttribute attribute,
                                      SSICUStatus *status);
int32_t SSICU_REAL(ucol_getReorderCodes)(const SSICUCollator *collator, int32_t *codes, int32_t capacity,
                                         SSICUStatus *status);
const char *SSICU_REAL(ucol_getLocaleByType)(const SSICUCollator *collator, SSICULocaleType type,
                                             SSICUStatus *status);
void SSICU_REAL(ucol_getVersion)(const SSICUCollator *collator, SSICUVersion version);
void SSICU_REAL(ucol_getUCAVersion)(const SSICUCollator *collator, SSICUVersion version);
int32_t SSICU_REAL(ucol_strcoll)(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                                 const SSICUChar *target, int32_t targetLength);
int32_t SSICU_REAL(ucol_strcollUTF8)(const SSICUCollator *collator, const char *source, int32_t sourceLength,
                                     const char *target, int32_t targetLength, SSICUStatus *status);
int32_t SSICU_REAL(ucol_getSortKey)(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                                    uint8_t *result, int32_t resultCapacity);
void SSICU_REAL(uiter_setUTF8)(SSICUCharIterator *iterator, const char *text, int32_t length);
int32_t SSICU_REAL(ucol_nextSortKeyPart)(const SSICUCollator *collator, SSICUCharIterator *iterator,
                                         uint32_t state[2], uint8_t *destination, int32_t count,
                                         SSICUStatus *status);
void SSICU_REAL(ucol_getContractionsAndExpansions)(const SSICUCollator *collator, SSICUSet *contractions,
                                                   SSICUSet *expansions, int8_t addPrefixes,
                                                   SSICUStatus *status);

SSICUCollationElements *SSICU_REAL(ucol_openElements)(const SSICUCollator *collator, const SSICUChar *text,
                                                      int32_t length, SSICUStatus *status);
void SSICU_REAL(ucol_closeElements)(SSICUCollationElements *elements);
int32_t SSICU_REAL(ucol_next)(SSICUCollationElements *elements, SSICUStatus *status);

SSICUSet *SSICU_REAL(uset_openEmpty)(void);
void SSICU_REAL(uset_close)(SSICUSet *set);
int32_t SSICU_REAL(uset_getItemCount)(const SSICUSet *set);
int32_t SSICU_REAL(uset_getItem)(const SSICUSet *set, int32_t itemIndex, SSICUChar32 *start, SSICUChar32 *end,
                                 SSICUChar *string, int32_t capacity, SSICUStatus *status);

SSICULocaleData *SSICU_REAL(ulocdata_open)(const char *locale, SSICUStatus *status);
void SSICU_REAL(ulocdata_close)(SSICULocaleData *data);
SSICUSet *SSICU_REAL(ulocdata_getExemplarSet)(SSICULocaleData *data, SSICUSet *fillIn, uint32_t options,
                                              SSICUExemplarSetType type, SSICUStatus *status);
int32_t SSICU_REAL(uscript_getScript)(SSICUChar32 codePoint, SSICUStatus *status);
int32_t SSICU_REAL(uscript_getSampleString)(int32_t script, SSICUChar *destination, int32_t capacity,
                                            SSICUStatus *status);
// ICU's UProperty: UCHAR_SCRIPT is 0x100A.
int32_t SSICU_REAL(u_getIntPropertyMaxValue)(int32_t property);
int32_t SSICU_REAL(u_getIntPropertyValue)(SSICUChar32 codePoint, int32_t property);
void SSICU_REAL(u_getUnicodeVersion)(SSICUVersion version);
SSICUDataMemory *SSICU_REAL(udata_open)(const char *path, const char *type, const char *name, SSICUStatus *status);
const void *SSICU_REAL(udata_getMemory)(SSICUDataMemory *data);
void SSICU_REAL(udata_close)(SSICUDataMemory *data);
int32_t SSICU_REAL(ucol_cloneBinary)(const SSICUCollator *collator, uint8_t *buffer, int32_t capacity,
                                     SSICUStatus *status);
int32_t SSICU_REAL(ucol_countAvailable)(void);
const char *SSICU_REAL(ucol_getAvailable)(int32_t index);
SSICUEnumeration *SSICU_REAL(ucol_getKeywordValuesForLocale)(const char *key, const char *locale, int8_t commonlyUsed,
                                                             SSICUStatus *status);
SSICUSet *SSICU_REAL(ucol_getTailoredSet)(const SSICUCollator *collator, SSICUStatus *status);
void SSICU_REAL(ulocdata_getCLDRVersion)(SSICUVersion version, SSICUStatus *status);
const char *SSICU_REAL(uenum_next)(SSICUEnumeration *enumeration, int32_t *length, SSICUStatus *status);
void SSICU_REAL(uenum_close)(SSICUEnumeration *enumeration);
const SSICUNormalizer *SSICU_REAL(unorm2_getNFDInstance)(SSICUStatus *status);
int32_t SSICU_REAL(unorm2_getDecomposition)(const SSICUNormalizer *normalizer, SSICUChar32 codePoint,
                                            SSICUChar *decomposition, int32_t capacity, SSICUStatus *status);

// ICU's UTransDirection: UTRANS_FORWARD is 0.
SSICUTransliterator *SSICU_REAL(utrans_openU)(const SSICUChar *id, int32_t idLength, int32_t direction,
                                              const SSICUChar *rules, int32_t rulesLength, void *parseError,
                                              SSICUStatus *status);
void SSICU_REAL(utrans_close)(SSICUTransliterator *transliterator);
SSICUTransliterator *SSICU_REAL(utrans_clone)(const SSICUTransliterator *transliterator, SSICUStatus *status);
void SSICU_REAL(utrans_transUChars)(const SSICUTransliterator *transliterator, SSICUChar *text, int32_t *textLength,
                                    int32_t textCapacity, int32_t start, int32_t *limit, SSICUStatus *status);
int32_t SSICU_REAL(utrans_toRules)(const SSICUTransliterator *transliterator, int8_t escapeUnprintable, SSICUChar *result,
                                   int32_t resultLength, SSICUStatus *status);

// MARK: Forwarding

const char *ssicu_errorName(SSICUStatus status) { return SSICU_REAL(u_errorName)(status); }
void ssicu_getVersion(SSICUVersion version) { SSICU_REAL(u_getVersion)(version); }

SSICUCollator *ssicu_ucol_open(const char *locale, SSICUStatus *status) {
    return SSICU_REAL(ucol_open)(locale, status);
}
void ssicu_ucol_close(SSICUCollator *collator) { SSICU_REAL(ucol_close)(collator); }
SSICUCollator *ssicu_ucol_clone(const SSICUCollator *collator, SSICUStatus *status) {
    return SSICU_REAL(ucol_clone)(collator, status);
}
void ssicu_ucol_setAttribute(SSICUCollator *collator, SSICUCollatorAttribute attribute,
                             SSICUCollatorAttributeValue value, SSICUStatus *status) {
    SSICU_REAL(ucol_setAttribute)(collator, attribute, value, status);
}
int32_t ssicu_ucol_getAttribute(const SSICUCollator *collator, SSICUCollatorAttribute attribute,
                                SSICUStatus *status) {
    return SSICU_REAL(ucol_getAttribute)(collator, attribute, status);
}
int32_t ssicu_ucol_getReorderCodes(const SSICUCollator *collator, int32_t *codes, int32_t capacity,
                                   SSICUStatus *status) {
    return SSICU_REAL(ucol_getReorderCodes)(collator, codes, capacity, status);
}
const char *ssicu_ucol_getLocaleByType(const SSICUCollator *collator, SSICULocaleType type,
                                       SSICUStatus *status) {
    return SSICU_REAL(ucol_getLocaleByType)(collator, type, status);
}
void ssicu_ucol_getVersion(const SSICUCollator *collator, SSICUVersion version) {
    SSICU_REAL(ucol_getVersion)(collator, version);
}
void ssicu_ucol_getUCAVersion(const SSICUCollator *collator, SSICUVersion version) {
    SSICU_REAL(ucol_getUCAVersion)(collator, version);
}
int32_t ssicu_ucol_strcoll(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                           const SSICUChar *target, int32_t targetLength) {
    return SSICU_REAL(ucol_strcoll)(collator, source, sourceLength, target, targetLength);
}
int32_t ssicu_ucol_strcollUTF8(const SSICUCollator *collator, const char *source, int32_t sourceLength,
                               const char *target, int32_t targetLength, SSICUStatus *status) {
    return SSICU_REAL(ucol_strcollUTF8)(collator, source, sourceLength, target, targetLength, status);
}
int32_t ssicu_ucol_getSortKey(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                              uint8_t *result, int32_t resultCapacity) {
    return SSICU_REAL(ucol_getSortKey)(collator, source, sourceLength, result, resultCapacity);
}
int32_t ssicu_ucol_nextSortKeyPartUTF8(const SSICUCollator *collator, const char *text, int32_t length,
                                       uint32_t state[2], uint8_t *destination, int32_t count,
                                       SSICUStatus *status) {
    // A fresh iterator per call is enough: ucol_nextSortKeyPart restores the position from `state`.
    SSICUCharIterator iterator;
    SSICU_REAL(uiter_setUTF8)(&iterator, text, length);
    return SSICU_REAL(ucol_nextSortKeyPart)(collator, &iterator, state, destination, count, status);
}
void ssicu_ucol_getContractionsAndExpansions(const SSICUCollator *collator, SSICUSet *contractions,
                                             SSICUSet *expansions, int8_t addPrefixes, SSICUStatus *status) {
    SSICU_REAL(ucol_getContractionsAndExpansions)(collator, contractions, expansions, addPrefixes, status);
}

SSICUCollationElements *ssicu_ucol_openElements(const SSICUCollator *collator, const SSICUChar *text,
                                                int32_t length, SSICUStatus *status) {
    return SSICU_REAL(ucol_openElements)(collator, text, length, status);
}
void ssicu_ucol_closeElements(SSICUCollationElements *elements) { SSICU_REAL(ucol_closeElements)(elements); }
int32_t ssicu_ucol_next(SSICUCollationElements *elements, SSICUStatus *status) {
    return SSICU_REAL(ucol_next)(elements, status);
}

SSICUSet *ssicu_uset_openEmpty(void) { return SSICU_REAL(uset_openEmpty)(); }
void ssicu_uset_close(SSICUSet *set) { SSICU_REAL(uset_close)(set); }
int32_t ssicu_uset_getItemCount(const SSICUSet *set) { return SSICU_REAL(uset_getItemCount)(set); }
int32_t ssicu_uset_getItem(const SSICUSet *set, int32_t itemIndex, SSICUChar32 *start, SSICUChar32 *end,
                           SSICUChar *string, int32_t capacity, SSICUStatus *status) {
    return SSICU_REAL(uset_getItem)(set, itemIndex, start, end, string, capacity, status);
}

SSICULocaleData *ssicu_ulocdata_open(const char *locale, SSICUStatus *status) {
    return SSICU_REAL(ulocdata_open)(locale, status);
}
void ssicu_ulocdata_close(SSICULocaleData *data) { SSICU_REAL(ulocdata_close)(data); }
SSICUSet *ssicu_ulocdata_getExemplarSet(SSICULocaleData *data, SSICUSet *fillIn, uint32_t options,
                                        SSICUExemplarSetType type, SSICUStatus *status) {
    return SSICU_REAL(ulocdata_getExemplarSet)(data, fillIn, options, type, status);
}
int32_t ssicu_uscript_getScript(SSICUChar32 codePoint, SSICUStatus *status) {
    return SSICU_REAL(uscript_getScript)(codePoint, status);
}
int32_t ssicu_uscript_getSampleString(int32_t script, SSICUChar *destination, int32_t capacity, SSICUStatus *status) {
    return SSICU_REAL(uscript_getSampleString)(script, destination, capacity, status);
}
int32_t ssicu_uscript_maxCode(void) { return SSICU_REAL(u_getIntPropertyMaxValue)(0x100A); }
int32_t ssicu_leadCombiningClass(SSICUChar32 codePoint) { return SSICU_REAL(u_getIntPropertyValue)(codePoint, 0x1010); }
int32_t ssicu_u_getIntPropertyValue(SSICUChar32 codePoint, int32_t property) {
    return SSICU_REAL(u_getIntPropertyValue)(codePoint, property);
}
void ssicu_u_getUnicodeVersion(SSICUVersion version) { SSICU_REAL(u_getUnicodeVersion)(version); }

SSICUDataMemory *ssicu_udata_open(const char *path, const char *type, const char *name, SSICUStatus *status) {
    return SSICU_REAL(udata_open)(path, type, name, status);
}
const void *ssicu_udata_getMemory(SSICUDataMemory *data) { return SSICU_REAL(udata_getMemory)(data); }
void ssicu_udata_close(SSICUDataMemory *data) { SSICU_REAL(udata_close)(data); }
int32_t ssicu_ucol_cloneBinary(const SSICUCollator *collator, uint8_t *buffer, int32_t capacity, SSICUStatus *status) {
    return SSICU_REAL(ucol_cloneBinary)(collator, buffer, capacity, status);
}
int32_t ssicu_ucol_countAvailable(void) { return SSICU_REAL(ucol_countAvailable)(); }
const char *ssicu_ucol_getAvailable(int32_t index) { return SSICU_REAL(ucol_getAvailable)(index); }
SSICUEnumeration *ssicu_ucol_getKeywordValuesForLocale(const char *key, const char *locale, int8_t commonlyUsed,
                                                       SSICUStatus *status) {
    return SSICU_REAL(ucol_getKeywordValuesForLocale)(key, locale, commonlyUsed, status);
}
SSICUSet *ssicu_ucol_getTailoredSet(const SSICUCollator *collator, SSICUStatus *status) {
    return SSICU_REAL(ucol_getTailoredSet)(collator, status);
}
void ssicu_ulocdata_getCLDRVersion(SSICUVersion version, SSICUStatus *status) {
    SSICU_REAL(ulocdata_getCLDRVersion)(version, status);
}
const char *ssicu_uenum_next(SSICUEnumeration *enumeration, int32_t *length, SSICUStatus *status) {
    return SSICU_REAL(uenum_next)(enumeration, length, status);
}
void ssicu_uenum_close(SSICUEnumeration *enumeration) { SSICU_REAL(uenum_close)(enumeration); }
const SSICUNormalizer *ssicu_unorm2_getNFDInstance(SSICUStatus *status) {
    return SSICU_REAL(unorm2_getNFDInstance)(status);
}
int32_t ssicu_unorm2_getDecomposition(const SSICUNormalizer *normalizer, SSICUChar32 codePoint,
                                      SSICUChar *decomposition, int32_t capacity, SSICUStatus *status) {
    return SSICU_REAL(unorm2_getDecomposition)(normalizer, codePoint, decomposition, capacity, status);
}

SSICUTransliterator *ssicu_utrans_open(const SSICUChar *id, int32_t idLength, SSICUStatus *status) {
    return SSICU_REAL(utrans_openU)(id, idLength, 0, NULL, 0, NULL, status);
}
void ssicu_utrans_close(SSICUTransliterator *transliterator) { SSICU_REAL(utrans_close)(transliterator); }
SSICUTransliterator *ssicu_utrans_clone(const SSICUTransliterator *transliterator, SSICUStatus *status) {
    return SSICU_REAL(utrans_clone)(transliterator, status);
}
void ssicu_utrans_transUChars(const SSICUTransliterator *transliterator, SSICUChar *text, int32_t *textLength,
                              int32_t textCapacity, int32_t start, int32_t *limit, SSICUStatus *status) {
    SSICU_REAL(utrans_transUChars)(transliterator, text, textLength, textCapacity, start, limit, status);
}
int32_t ssicu_utrans_toRules(const SSICUTransliterator *transliterator, int8_t escapeUnprintable, SSICUChar *result,
                             int32_t resultLength, SSICUStatus *status) {
    return SSICU_REAL(utrans_toRules)(transliterator, escapeUnprintable, result, resultLength, status);
}
