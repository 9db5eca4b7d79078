// SectionSort's declarations of the ICU functions it uses, and nothing more.
//
// Apple's SDKs ship ICU as the system library libicucore but no public headers for its collation
// API, and the toolchain's ICU on Linux, Windows and Android is a private part of Foundation whose
// symbols carry a `swift_` prefix. So this target declares each function once, under its own
// `ssicu_` name and with its own type names (which cannot collide with ICU's own headers where
// those are visible), and SectionSortICU.c forwards each call to the platform's real symbol.
// Its callers are the test-support target SectionSortICUSupport (the tests, the data generator and
// the benchmark's ICU contenders); the library and the tool never import it.
//
// The signatures, constants and enumeration values follow ICU's public C API (ucol.h, uset.h,
// ulocdata.h, uscript.h, uchar.h, uiter.h, utypes.h, uversion.h):
//   © 2016 and later: Unicode, Inc. and others.
//   License & terms of use: http://www.unicode.org/copyright.html
// See LICENSE-ICU beside this file.
#ifndef SECTIONSORT_ICU_H
#define SECTIONSORT_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's UErrorCode: negative values are warnings, positive values are failures.
typedef int32_t SSICUStatus;
static const SSICUStatus SSICU_ZERO_ERROR = 0;
static const SSICUStatus SSICU_MEMORY_ALLOCATION_ERROR = 7;
static const SSICUStatus SSICU_BUFFER_OVERFLOW_ERROR = 15;

/// ICU's UChar (a UTF-16 code unit) and UChar32 (a code point).
typedef uint16_t SSICUChar;
typedef int32_t SSICUChar32;

/// Opaque handles: ICU's UCollator, USet, UCollationElements and ULocaleData.
typedef struct SSICUCollator SSICUCollator;
typedef struct SSICUSet SSICUSet;
typedef struct SSICUCollationElements SSICUCollationElements;
typedef struct SSICULocaleData SSICULocaleData;
/// Opaque handle: ICU's UTransliterator.
typedef struct SSICUTransliterator SSICUTransliterator;
/// Opaque handles: ICU's UDataMemory, UEnumeration and UNormalizer2 (used by the data generator).
typedef struct SSICUDataMemory SSICUDataMemory;
typedef struct SSICUEnumeration SSICUEnumeration;
typedef struct SSICUNormalizer SSICUNormalizer;

/// ICU's UColAttribute values used here.
typedef enum SSICUCollatorAttribute {
    SSICU_COLLATOR_FRENCH_COLLATION = 0,
    SSICU_COLLATOR_ALTERNATE_HANDLING = 1,
    SSICU_COLLATOR_CASE_FIRST = 2,
    SSICU_COLLATOR_CASE_LEVEL = 3,
    SSICU_COLLATOR_NORMALIZATION_MODE = 4,
    SSICU_COLLATOR_STRENGTH = 5,
    SSICU_COLLATOR_NUMERIC_COLLATION = 7,
} SSICUCollatorAttribute;

/// ICU's UColAttributeValue values used here.
typedef enum SSICUCollatorAttributeValue {
    SSICU_COLLATOR_PRIMARY = 0,
    SSICU_COLLATOR_SECONDARY = 1,
    SSICU_COLLATOR_TERTIARY = 2,
    SSICU_COLLATOR_QUATERNARY = 3,
    SSICU_COLLATOR_IDENTICAL = 15,
    SSICU_COLLATOR_OFF = 16,
    SSICU_COLLATOR_ON = 17,
    SSICU_COLLATOR_SHIFTED = 20,
    SSICU_COLLATOR_NON_IGNORABLE = 21,
    SSICU_COLLATOR_LOWER_FIRST = 24,
    SSICU_COLLATOR_UPPER_FIRST = 25,
} SSICUCollatorAttributeValue;

/// ICU's ULocDataLocaleType.
typedef enum SSICULocaleType {
    SSICU_ACTUAL_LOCALE = 0,
    SSICU_VALID_LOCALE = 1,
} SSICULocaleType;

/// ICU's ULocaleDataExemplarSetType values used here.
typedef enum SSICUExemplarSetType {
    SSICU_EXEMPLARS_STANDARD = 0,
    SSICU_EXEMPLARS_INDEX = 2,
} SSICUExemplarSetType;

/// ICU's UScriptCode for Latin.
static const int32_t SSICU_SCRIPT_LATIN = 25;
/// ICU's UScriptCode for Han.
static const int32_t SSICU_SCRIPT_HAN = 17;

/// ICU's UCOL_NULLORDER: the end of a collation element iteration.
static const int32_t SSICU_COLLATION_ELEMENT_END = -1;

/// ICU's UVersionInfo: major, minor, milli, micro.
typedef uint8_t SSICUVersion[4];

// MARK: Errors and versions (utypes.h, uversion.h)

const char *ssicu_errorName(SSICUStatus status);
void ssicu_getVersion(SSICUVersion version);

// MARK: Collators (ucol.h)

SSICUCollator *ssicu_ucol_open(const char *locale, SSICUStatus *status);
void ssicu_ucol_close(SSICUCollator *collator);
SSICUCollator *ssicu_ucol_clone(const SSICUCollator *collator, SSICUStatus *status);
void ssicu_ucol_setAttribute(SSICUCollator *collator, SSICUCollatorAttribute attribute,
                             SSICUCollatorAttributeValue value, SSICUStatus *status);
/// ucol_getAttribute: an SSICUCollatorAttributeValue (or another of ICU's UColAttributeValue values).
int32_t ssicu_ucol_getAttribute(const SSICUCollator *collator, SSICUCollatorAttribute attribute,
                                SSICUStatus *status);
/// ucol_getReorderCodes: the number of script reorder codes (written to `codes` up to `capacity`).
int32_t ssicu_ucol_getReorderCodes(const SSICUCollator *collator, int32_t *codes, int32_t capacity,
                                   SSICUStatus *status);
const char *ssicu_ucol_getLocaleByType(const SSICUCollator *collator, SSICULocaleType type,
                                       SSICUStatus *status);
void ssicu_ucol_getVersion(const SSICUCollator *collator, SSICUVersion version);
void ssicu_ucol_getUCAVersion(const SSICUCollator *collator, SSICUVersion version);
/// ucol_strcoll: -1, 0 or 1.
int32_t ssicu_ucol_strcoll(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                           const SSICUChar *target, int32_t targetLength);
/// ucol_strcollUTF8: -1, 0 or 1; ill-formed bytes compare as U+FFFD. Lengths of -1 (zero-terminated)
/// are not used here.
int32_t ssicu_ucol_strcollUTF8(const SSICUCollator *collator, const char *source, int32_t sourceLength,
                               const char *target, int32_t targetLength, SSICUStatus *status);
int32_t ssicu_ucol_getSortKey(const SSICUCollator *collator, const SSICUChar *source, int32_t sourceLength,
                              uint8_t *result, int32_t resultCapacity);
/// ucol_nextSortKeyPart over a UTF-8 character iterator (uiter_setUTF8) that this call sets up;
/// `state` carries the position between calls, as ICU documents.
int32_t ssicu_ucol_nextSortKeyPartUTF8(const SSICUCollator *collator, const char *text, int32_t length,
                                       uint32_t state[2], uint8_t *destination, int32_t count,
                                       SSICUStatus *status);
/// ucol_getContractionsAndExpansions; with `addPrefixes`, contractions include the strings of
/// prefix (context) mappings.
void ssicu_ucol_getContractionsAndExpansions(const SSICUCollator *collator, SSICUSet *contractions,
                                             SSICUSet *expansions, int8_t addPrefixes, SSICUStatus *status);

// MARK: Collation elements (ucoleitr.h)

SSICUCollationElements *ssicu_ucol_openElements(const SSICUCollator *collator, const SSICUChar *text,
                                                int32_t length, SSICUStatus *status);
void ssicu_ucol_closeElements(SSICUCollationElements *elements);
int32_t ssicu_ucol_next(SSICUCollationElements *elements, SSICUStatus *status);

// MARK: Sets (uset.h)

SSICUSet *ssicu_uset_openEmpty(void);
void ssicu_uset_close(SSICUSet *set);
int32_t ssicu_uset_getItemCount(const SSICUSet *set);
int32_t ssicu_uset_getItem(const SSICUSet *set, int32_t itemIndex, SSICUChar32 *start, SSICUChar32 *end,
                           SSICUChar *string, int32_t capacity, SSICUStatus *status);

// MARK: Locale data (ulocdata.h) and scripts (uscript.h)

SSICULocaleData *ssicu_ulocdata_open(const char *locale, SSICUStatus *status);
void ssicu_ulocdata_close(SSICULocaleData *data);
SSICUSet *ssicu_ulocdata_getExemplarSet(SSICULocaleData *data, SSICUSet *fillIn, uint32_t options,
                                        SSICUExemplarSetType type, SSICUStatus *status);
/// uscript_getScript: the UScriptCode of a code point.
int32_t ssicu_uscript_getScript(SSICUChar32 codePoint, SSICUStatus *status);
/// uscript_getSampleString: a representative character of a script (the UTF-16 length; 0 if none).
int32_t ssicu_uscript_getSampleString(int32_t script, SSICUChar *destination, int32_t capacity, SSICUStatus *status);
/// u_getIntPropertyMaxValue(UCHAR_SCRIPT): the largest UScriptCode of this ICU.
int32_t ssicu_uscript_maxCode(void);
/// u_getIntPropertyValue(codePoint, UCHAR_LEAD_CANONICAL_COMBINING_CLASS): the combining class of the
/// first character of the code point's canonical decomposition (its own when it has none).
int32_t ssicu_leadCombiningClass(SSICUChar32 codePoint);

/// u_getIntPropertyValue: any integer property (ICU's UProperty, e.g. 0x1002 UCHAR_CANONICAL_COMBINING_CLASS,
/// 0x1010 lead and 0x1011 trail canonical combining class).
int32_t ssicu_u_getIntPropertyValue(SSICUChar32 codePoint, int32_t property);
void ssicu_u_getUnicodeVersion(SSICUVersion version);

// MARK: Data, normalization and enumerations (udata.h, unorm2.h, uenum.h), for the data generator

SSICUDataMemory *ssicu_udata_open(const char *path, const char *type, const char *name, SSICUStatus *status);
/// udata_getMemory: the data after its header.
const void *ssicu_udata_getMemory(SSICUDataMemory *data);
void ssicu_udata_close(SSICUDataMemory *data);
/// ucol_cloneBinary: the collator's tailoring in ICU's binary collation format (the byte count).
int32_t ssicu_ucol_cloneBinary(const SSICUCollator *collator, uint8_t *buffer, int32_t capacity, SSICUStatus *status);
int32_t ssicu_ucol_countAvailable(void);
const char *ssicu_ucol_getAvailable(int32_t index);
SSICUEnumeration *ssicu_ucol_getKeywordValuesForLocale(const char *key, const char *locale, int8_t commonlyUsed,
                                                       SSICUStatus *status);
/// ucol_getTailoredSet: a set the caller closes.
SSICUSet *ssicu_ucol_getTailoredSet(const SSICUCollator *collator, SSICUStatus *status);
void ssicu_ulocdata_getCLDRVersion(SSICUVersion version, SSICUStatus *status);
const char *ssicu_uenum_next(SSICUEnumeration *enumeration, int32_t *length, SSICUStatus *status);
void ssicu_uenum_close(SSICUEnumeration *enumeration);
const SSICUNormalizer *ssicu_unorm2_getNFDInstance(SSICUStatus *status);
/// unorm2_getDecomposition: the full decomposition's UTF-16 length, or a negative value if none.
int32_t ssicu_unorm2_getDecomposition(const SSICUNormalizer *normalizer, SSICUChar32 codePoint,
                                      SSICUChar *decomposition, int32_t capacity, SSICUStatus *status);

// MARK: Transliteration (utrans.h)

/// utrans_openU in the forward direction, for a transform of ICU's data (no custom rules).
SSICUTransliterator *ssicu_utrans_open(const SSICUChar *id, int32_t idLength, SSICUStatus *status);
void ssicu_utrans_close(SSICUTransliterator *transliterator);
SSICUTransliterator *ssicu_utrans_clone(const SSICUTransliterator *transliterator, SSICUStatus *status);
/// utrans_transUChars: transforms text[start..<*limit] in place; *textLength is updated.
void ssicu_utrans_transUChars(const SSICUTransliterator *transliterator, SSICUChar *text, int32_t *textLength,
                              int32_t textCapacity, int32_t start, int32_t *limit, SSICUStatus *status);
/// utrans_toRules: the rules, unprintable characters escaped when escapeUnprintable is nonzero.
int32_t ssicu_utrans_toRules(const SSICUTransliterator *transliterator, int8_t escapeUnprintable, SSICUChar *result,
                             int32_t resultLength, SSICUStatus *status);

// MARK: Collation internals for the engine's tests (ucol.h, udata.h, unorm2.h, uscript.h)

/// ucol_setAttribute with any of ICU's UColAttribute and UColAttributeValue numbers.
void ssicu_ucol_setAttributeValue(SSICUCollator *collator, int32_t attribute, int32_t value,
                                  SSICUStatus *status);
void ssicu_ucol_setReorderCodes(SSICUCollator *collator, const int32_t *codes, int32_t length,
                                SSICUStatus *status);
/// ucol_setMaxVariable with a UColReorderCode (0x1000 space ... 0x1003 currency).
void ssicu_ucol_setMaxVariable(SSICUCollator *collator, int32_t group, SSICUStatus *status);
int32_t ssicu_ucol_getMaxVariable(const SSICUCollator *collator);
uint32_t ssicu_ucol_getVariableTop(const SSICUCollator *collator, SSICUStatus *status);
/// unorm2_normalize (with ssicu_unorm2_getNFDInstance: NFD).
int32_t ssicu_unorm2_normalize(const SSICUNormalizer *normalizer, const SSICUChar *source, int32_t length,
                               SSICUChar *destination, int32_t capacity, SSICUStatus *status);
/// uscript_getShortName: the ISO 15924 code of a UScriptCode ("Latn"), NULL when out of range.
const char *ssicu_uscript_getShortName(int32_t script);

#ifdef __cplusplus
}
#endif

#endif
