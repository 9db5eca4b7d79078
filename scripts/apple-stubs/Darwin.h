// The part of Darwin's C headers that SectionSort's command-line tool and the Foundation stub use,
// declared as Apple's SDK declares them (macOS 15: sys/stat.h, sys/signal.h, unistd.h, fcntl.h,
// string.h, stdlib.h, sched.h, mach/task_info.h), for scripts/check-apple-typecheck. Freestanding: it
// needs only the compiler's own stdint.h and stddef.h.
#ifndef SECTIONSORT_DARWIN_STUB_H
#define SECTIONSORT_DARWIN_STUB_H

#include <stddef.h>
#include <stdint.h>

typedef long ssize_t;
typedef int64_t off_t;
typedef uint16_t mode_t;
typedef int32_t pid_t;
typedef int32_t dev_t;
typedef uint16_t nlink_t;
typedef uint64_t ino_t;
typedef uint32_t uid_t;
typedef uint32_t gid_t;
typedef int64_t blkcnt_t;
typedef int32_t blksize_t;
typedef long time_t;

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};

struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    uint32_t st_flags;
    uint32_t st_gen;
    int32_t st_lspare;
    int64_t st_qspare[2];
};
int stat(const char *, struct stat *);
int fstat(int, struct stat *);
static const mode_t S_IFMT = 0170000;
static const mode_t S_IFREG = 0100000;
static const mode_t S_IFDIR = 0040000;

#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_CREAT 0x0200
#define O_TRUNC 0x0400
#define O_EXCL 0x0800
#define O_APPEND 0x0008
#define O_CLOEXEC 0x01000000
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

int close(int);
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
ssize_t pread(int, void *, size_t, off_t);
ssize_t pwrite(int, const void *, size_t, off_t);
off_t lseek(int, off_t, int);
int isatty(int);
int unlink(const char *);
int rmdir(const char *);
int mkdir(const char *, mode_t);
char *mkdtemp(char *);
int fsync(int);
int ftruncate(int, off_t);
long sysconf(int);
#define _SC_PAGESIZE 29
#define _SC_NPROCESSORS_ONLN 58
pid_t getpid(void);
int pause(void);
void _exit(int) __attribute__((__noreturn__));
void exit(int) __attribute__((__noreturn__));
void free(void *);
void *malloc(size_t);
void *realloc(void *, size_t);
char *getenv(const char *);

int sched_yield(void);

int memcmp(const void *, const void *, size_t);
void *memchr(const void *, int, size_t);
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
size_t strlen(const char *);
char *strerror(int);

#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define ENOMEM 12
#define EACCES 13
#define EEXIST 17
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENOSPC 28
#define EPIPE 32
#define EAGAIN 35

typedef uint32_t sigset_t;
struct __siginfo;
union __sigaction_u {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, struct __siginfo *, void *);
};
struct sigaction {
    union __sigaction_u __sigaction_u;
    sigset_t sa_mask;
    int sa_flags;
};
int sigaction(int, const struct sigaction *, struct sigaction *);
void (*signal(int, void (*)(int)))(int);
int raise(int);
int kill(pid_t, int);
int sigemptyset(sigset_t *);
int sigaddset(sigset_t *, int);
int sigwait(const sigset_t *, int *);
int pthread_sigmask(int, const sigset_t *, sigset_t *);
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGABRT 6
#define SIGKILL 9
#define SIGPIPE 13
#define SIGTERM 15
#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3

typedef unsigned int natural_t;
typedef int integer_t;
typedef int kern_return_t;
typedef natural_t mach_port_t;
typedef mach_port_t task_name_t;
typedef natural_t task_flavor_t;
typedef integer_t *task_info_t;
typedef natural_t mach_msg_type_number_t;
typedef uint64_t mach_vm_size_t;
typedef int policy_t;
struct time_value {
    integer_t seconds;
    integer_t microseconds;
};
typedef struct time_value time_value_t;
struct mach_task_basic_info {
    mach_vm_size_t virtual_size;
    mach_vm_size_t resident_size;
    mach_vm_size_t resident_size_max;
    time_value_t user_time;
    time_value_t system_time;
    policy_t policy;
    integer_t suspend_count;
};
extern mach_port_t mach_task_self_;
kern_return_t task_info(task_name_t, task_flavor_t, task_info_t, mach_msg_type_number_t *);
#define MACH_TASK_BASIC_INFO 20
#define KERN_SUCCESS 0


/* <spawn.h>, <sys/wait.h>, <string.h>, <crt_externs.h>: the CLI's child processes. On Darwin
   the spawn attribute and file-action types are pointers, imported as optionals. */
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_setsigmask(posix_spawnattr_t *, const sigset_t *);
int posix_spawnattr_setsigdefault(posix_spawnattr_t *, const sigset_t *);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawnp(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
                 char *const[], char *const[]);
#define POSIX_SPAWN_SETSIGDEF 0x0004
#define POSIX_SPAWN_SETSIGMASK 0x0008
pid_t waitpid(pid_t, int *, int);
char *strdup(const char *);
int sigfillset(sigset_t *);
char ***_NSGetEnviron(void);


/* <fcntl.h> constants (fcntl itself is variadic: Darwin.swift), <sys/resource.h>, <unistd.h>,
   <stdio.h>, <sys/stat.h>: pipes, the open-file limit, -o's atomic replacement. */
#define F_GETFD 1
#define F_SETFD 2
#define FD_CLOEXEC 1
typedef uint64_t rlim_t;
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
#define RLIMIT_NOFILE 8
int getrlimit(int, struct rlimit *);

struct timeval {
    long tv_sec;
    int32_t tv_usec;
};
struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};
#define RUSAGE_SELF 0
int getrusage(int, struct rusage *);
int pipe(int[2]);
int rename(const char *, const char *);
mode_t umask(mode_t);
int fchmod(int, mode_t);

#endif
