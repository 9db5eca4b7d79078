// The floor of sorting lines by ICU collation: read a file, split it into lines and compute one ICU
// sort key (ucol_getSortKey over a UTF-16 copy) per line on N threads. It does not sort and keeps
// no key; it prints a checksum of the keys so that the compiler cannot drop the work.
//
//   icu-floor [--locale sv_SE] [--threads N] [--split-only] [--print-keys] [--verbose] FILE
//
// --split-only stops after reading and splitting (the floor of reading the input); --print-keys
// prints each line's key in lowercase hex, one a line, in input order (one thread), to compare
// the keys of two lines; --verbose prints each phase's seconds on standard error.
//
// Built by scripts/compare-peers with the Swift toolchain's clang against the toolchain's ICU
// (lib_FoundationICU): its headers rename every ICU function to its swift_-prefixed symbol, so
// this file uses ICU's plain names and links against those.
#include <_foundation_unicode/ucol.h>
#include <_foundation_unicode/ustring.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *program = "icu-floor";

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *allocate(size_t bytes) {
    void *memory = malloc(bytes ? bytes : 1);
    if (!memory) { fprintf(stderr, "%s: out of memory (%zu bytes)\n", program, bytes); exit(71); }
    return memory;
}

// One line of the input: its start in the buffer and its length without the newline.
typedef struct { size_t start; size_t length; } Line;

typedef struct {
    const char *path;
    const char *text;
    const Line *lines;
    size_t first, end;           // the lines [first, end) this thread computes keys for
    const UCollator *collator;   // this thread's own clone
    int print;                   // print each key in hex (one thread only)
    uint64_t checksum;           // FNV-1a over every key's bytes, then the key count
    int failed;
} Work;

static void *compute_keys(void *argument) {
    Work *work = argument;
    int32_t units_capacity = 256, key_capacity = 1024;
    UChar *units = allocate(sizeof(UChar) * (size_t)units_capacity);
    uint8_t *key = allocate((size_t)key_capacity);
    uint64_t hash = 1469598103934665603ULL;
    for (size_t index = work->first; index < work->end; index++) {
        const Line line = work->lines[index];
        if (line.length > INT32_MAX / 2) {
            fprintf(stderr, "%s: %s:%zu: line longer than ICU takes\n", program, work->path, index + 1);
            work->failed = 1; break;
        }
        int32_t length = 0;
        UErrorCode status = U_ZERO_ERROR;
        u_strFromUTF8(units, units_capacity, &length, work->text + line.start, (int32_t)line.length, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            free(units);
            units_capacity = length + 1;
            units = allocate(sizeof(UChar) * (size_t)units_capacity);
            status = U_ZERO_ERROR;
            u_strFromUTF8(units, units_capacity, &length, work->text + line.start, (int32_t)line.length, &status);
        }
        if (U_FAILURE(status)) {
            fprintf(stderr, "%s: %s:%zu: not UTF-8 (%s)\n", program, work->path, index + 1, u_errorName(status));
            work->failed = 1; break;
        }
        int32_t key_length = ucol_getSortKey(work->collator, units, length, key, key_capacity);
        if (key_length > key_capacity) {
            free(key);
            key_capacity = key_length;
            key = allocate((size_t)key_capacity);
            key_length = ucol_getSortKey(work->collator, units, length, key, key_capacity);
        }
        if (key_length <= 0) {
            fprintf(stderr, "%s: %s:%zu: ICU computed no sort key\n", program, work->path, index + 1);
            work->failed = 1; break;
        }
        for (int32_t byte = 0; byte < key_length; byte++) hash = (hash ^ key[byte]) * 1099511628211ULL;
        if (work->print) {
            // The key without its terminating zero byte, as `sectionsort --emit-keys` writes it.
            for (int32_t byte = 0; byte + 1 < key_length; byte++) printf("%02x", key[byte]);
            putchar('\n');
        }
    }
    work->checksum = hash ^ (uint64_t)(work->end - work->first);
    free(units);
    free(key);
    return NULL;
}

static void usage(FILE *stream) {
    fprintf(stream, "usage: %s [--locale ID] [--threads N] [--split-only] [--print-keys] [--verbose] FILE\n", program);
}

int main(int argc, char **argv) {
    const char *locale = "sv_SE", *path = NULL;
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    int split_only = 0, print_keys = 0, verbose = 0;
    for (int index = 1; index < argc; index++) {
        const char *argument = argv[index];
        if (!strcmp(argument, "--locale") && index + 1 < argc) locale = argv[++index];
        else if (!strcmp(argument, "--threads") && index + 1 < argc) {
            char *end = NULL;
            threads = strtol(argv[++index], &end, 10);
            if (*end || threads < 1 || threads > 1024) {
                fprintf(stderr, "%s: --threads takes 1 to 1024, not '%s'\n", program, argv[index]); return 64;
            }
        }
        else if (!strcmp(argument, "--split-only")) split_only = 1;
        else if (!strcmp(argument, "--print-keys")) print_keys = 1;
        else if (!strcmp(argument, "--verbose")) verbose = 1;
        else if (!strcmp(argument, "--help") || !strcmp(argument, "-h")) { usage(stdout); return 0; }
        else if (argument[0] == '-' || path) { usage(stderr); return 64; }
        else path = argument;
    }
    if (!path) { usage(stderr); return 64; }
    if (threads < 1) threads = 1;
    if (print_keys) threads = 1;

    double started = now();
    int descriptor = open(path, O_RDONLY);
    if (descriptor < 0) { fprintf(stderr, "%s: %s: %s\n", program, path, strerror(errno)); return 66; }
    struct stat info;
    if (fstat(descriptor, &info) != 0) { fprintf(stderr, "%s: %s: %s\n", program, path, strerror(errno)); return 74; }
    size_t size = (size_t)info.st_size;
    char *text = allocate(size);
    for (size_t done = 0; done < size;) {
        ssize_t count = read(descriptor, text + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) { fprintf(stderr, "%s: %s: %s\n", program, path, strerror(errno)); return 74; }
        if (count == 0) { size = done; break; }
        done += (size_t)count;
    }
    close(descriptor);
    double read_done = now();

    // Lines end at '\n'; a last line without one still counts, an empty file has none.
    size_t capacity = size / 16 + 16, count = 0;
    Line *lines = allocate(sizeof(Line) * capacity);
    for (size_t start = 0; start < size;) {
        const char *newline = memchr(text + start, '\n', size - start);
        size_t end = newline ? (size_t)(newline - text) : size;
        if (count == capacity) {
            capacity *= 2;
            Line *grown = realloc(lines, sizeof(Line) * capacity);
            if (!grown) { fprintf(stderr, "%s: out of memory\n", program); return 71; }
            lines = grown;
        }
        lines[count++] = (Line){start, end - start};
        start = end + 1;
    }
    double split_done = now();

    uint64_t checksum = 1469598103934665603ULL;
    if (split_only) {
        for (size_t index = 0; index < count; index++) checksum = (checksum ^ lines[index].length) * 1099511628211ULL;
    } else {
        UErrorCode status = U_ZERO_ERROR;
        UCollator *collator = ucol_open(locale, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "%s: ICU cannot open a collator for '%s' (%s)\n", program, locale, u_errorName(status)); return 64; }
        if ((size_t)threads > count && count > 0) threads = (long)count;
        Work *works = allocate(sizeof(Work) * (size_t)threads);
        pthread_t *ids = allocate(sizeof(pthread_t) * (size_t)threads);
        for (long thread = 0; thread < threads; thread++) {
            UErrorCode clone_status = U_ZERO_ERROR;
            UCollator *clone = ucol_clone(collator, &clone_status);
            if (U_FAILURE(clone_status)) { fprintf(stderr, "%s: ICU cannot clone the collator (%s)\n", program, u_errorName(clone_status)); return 70; }
            works[thread] = (Work){
                .path = path, .text = text, .lines = lines,
                .first = count * (size_t)thread / (size_t)threads,
                .end = count * (size_t)(thread + 1) / (size_t)threads,
                .collator = clone, .print = print_keys,
            };
        }
        for (long thread = 0; thread < threads; thread++) {
            int error = pthread_create(&ids[thread], NULL, compute_keys, &works[thread]);
            if (error) { fprintf(stderr, "%s: cannot start a thread: %s\n", program, strerror(error)); return 71; }
        }
        int failed = 0;
        for (long thread = 0; thread < threads; thread++) {
            pthread_join(ids[thread], NULL);
            failed |= works[thread].failed;
            checksum = (checksum ^ works[thread].checksum) * 1099511628211ULL;
            ucol_close((UCollator *)works[thread].collator);
        }
        ucol_close(collator);
        if (failed) return 65;
    }
    double keys_done = now();
    if (verbose) {
        fprintf(stderr, "%s: reading %.3f s\n", program, read_done - started);
        fprintf(stderr, "%s: splitting %.3f s\n", program, split_done - read_done);
        if (!split_only) fprintf(stderr, "%s: keys %.3f s (%ld threads)\n", program, keys_done - split_done, threads);
    }
    if (!print_keys) printf("%zu lines, %zu bytes, checksum %016" PRIx64 "\n", count, size, checksum);
    return 0;
}
