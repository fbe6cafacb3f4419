# SPDX-License-Identifier: MIT
#
# kwq: one non-recursive GNU Makefile for the library, its tests, examples,
# benchmarks and the retconv checker.  Everything is built out of tree in
# build/ (build-$(SAN)/ for sanitizer builds), so a sanitizer pass never mixes
# objects with the plain build.
#
#   make            the library (static, shared, pkg-config file)
#   make demo       build and run the tour of examples/
#   make check      the whole test suite: the library's tests plain, with
#                   clang, ASan+UBSan, TSan and valgrind, and retconv's,
#                   the migration's and the packaging's (installs what the
#                   tests need, as root, through scripts/deps.sh)
#   make test       the library's tests, one prove pass (= make test-lib)
#   make test-retconv, test-migrate, test-pkg: the other groups, one each
#   make bench      benchmarks against the peer libraries (never run by check)
#   make retconv-eval  retconv on fixes mined from public histories (dev
#                   half; never run by check; tools/retconv/eval/README.md)
#   make install    PREFIX=/usr/local DESTDIR=; `make retconv install` adds
#                   retconv; make uninstall removes what install put there
#
# Knobs: V=1 (echo commands), SAN=address,undefined or SAN=thread,
# VALGRIND=1 (run `make test` under valgrind), WERROR=1 (make check sets
# it), BUILD=dir (build tree, default build), CPPFLAGS, CFLAGS, LDFLAGS,
# config.mak.

-include config.mak

VERSION := 0.1.0
SOMAJOR := 0

CC ?= cc
CXX ?= c++
CFLAGS ?= -O2 -g
CPPFLAGS ?=
LDFLAGS ?=
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
# Warnings stay warnings for a user's build; the project's own checks
# (make check) turn them into errors.
WERROR ?= 0
BUILD ?= build

comma := ,
SAN ?=
ifeq ($(SAN),)
B := $(BUILD)
else
B := $(BUILD)-$(subst $(comma),-,$(SAN))
SANFLAGS := -fsanitize=$(SAN) -fno-omit-frame-pointer -fno-sanitize-recover=all
# The sanitizer builds also check the library's debug assertions
# (kwq__assert(), kwq__assert_locked() in src/internal.h).
ASSERTFLAGS := -DKWQ_ASSERT
endif

ifeq ($(V),1)
Q :=
else
Q := @
endif

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Wundef
ifeq ($(WERROR),1)
WARN += -Werror
endif

# clang writes DWARF 5 forms that Debian 12's valgrind (3.19) cannot read,
# and the valgrind pass reuses the plain build: ask clang for DWARF 4 when
# it writes debug information at all.
ifneq ($(findstring clang,$(shell $(CC) --version 2>/dev/null | head -n 1)),)
DWARF := -fdebug-default-version=4
endif

BASE_CFLAGS := -std=gnu11 -D_GNU_SOURCE -pthread -MMD -MP -Iinclude \
	$(WARN) $(SANFLAGS) $(ASSERTFLAGS) $(DWARF) $(CPPFLAGS)
LIB_CFLAGS := $(BASE_CFLAGS) -fPIC -fvisibility=hidden $(CFLAGS)
APP_CFLAGS := $(BASE_CFLAGS) $(CFLAGS)
APP_LDFLAGS := -pthread $(SANFLAGS) -L$(B) -Wl,-rpath,$(abspath $(B)) $(LDFLAGS)

# --- the library -----------------------------------------------------------

LIB_SRC := $(wildcard src/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
LIB_A := $(B)/libkwq.a
LIB_SO := $(B)/libkwq.so.$(VERSION)
LIB_MAP := src/libkwq.map
PC := $(B)/kwq.pc

all: $(LIB_A) $(B)/libkwq.so $(PC)

$(B)/src/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(LIB_A): $(LIB_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# Every symbol must resolve at link time (-z defs), but in a sanitizer build:
# clang leaves the runtime out of shared libraries, for the program's own
# copy to provide when it loads.
ZDEFS := $(if $(SANFLAGS),,-Wl$(comma)-z$(comma)defs)

$(LIB_SO): $(LIB_OBJ) $(LIB_MAP)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) -shared -pthread $(SANFLAGS) \
		-Wl,-soname,libkwq.so.$(SOMAJOR) \
		-Wl,--version-script=$(LIB_MAP) $(ZDEFS) -Wl,--as-needed \
		-o $@ $(LIB_OBJ) $(LDFLAGS)

$(B)/libkwq.so: $(LIB_SO)
	$(Q)ln -sf libkwq.so.$(VERSION) $(B)/libkwq.so.$(SOMAJOR)
	$(Q)ln -sf libkwq.so.$(VERSION) $@

$(PC): src/kwq.pc.in Makefile
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
		$< > $@

# --- tests -----------------------------------------------------------------
# Four groups, each run alone by its target and all by `make check`.  A test
# joins its group by its file name, so there is no list to keep:
#   test-lib      tests/test-*.c and every other tests/*.t: the library, its
#                 headers, ABI and man pages; needs gcc, make and prove only
#   test-retconv  tests/retconv*.t: retconv and its fuzzer (libclang)
#   test-migrate  tests/migrate*.t: the add_* patch (coccinelle)
#   test-pkg      tests/pkg*.t: make install into a staging tree, used through
#                 pkg-config, CMake and meson, then make uninstall
# `make test` is test-lib.  A test program that includes src/internal.h is
# white-box: it reaches kwq's hidden internals (fault injection), which only
# the static library lets it link.

TEST_SRC := $(wildcard tests/test-*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/tests/%)
STATIC_TESTS := $(patsubst tests/%.c,$(B)/tests/%,$(shell grep -l \
	'^.include "../src/internal.h"' $(TEST_SRC)))
RETCONV_TESTS := $(wildcard tests/retconv*.t)
MIGRATE_TESTS := $(wildcard tests/migrate*.t)
PKG_TESTS := $(wildcard tests/pkg*.t)
LIB_SCRIPTS := $(filter-out $(RETCONV_TESTS) $(MIGRATE_TESTS) $(PKG_TESTS), \
	$(wildcard tests/*.t))

# Units linked into test programs: a program lists the ones it needs as
# prerequisites, and its link takes every .o among them.  Their -MF keeps
# torture.o's dependencies apart from those of the program torture.
$(B)/tests/tap.o $(B)/tests/torture.o: $(B)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -MF $@.d -c -o $@ $<

$(B)/tests/%: tests/%.c $(B)/tests/tap.o $(B)/libkwq.so
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(APP_CFLAGS) -o $@ $< $(filter %.o,$^) $(APP_LDFLAGS) -lkwq

$(STATIC_TESTS): $(B)/tests/%: tests/%.c $(B)/tests/tap.o $(LIB_A)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(APP_CFLAGS) -o $@ $< $(filter %.o,$^) $(LIB_A) -pthread \
		$(SANFLAGS) $(LDFLAGS)

# The test build of a library file: its kwq__test_hook()s call the hooks a
# white-box test sets, to stop a thread in a window and race it there.
# Linked ahead of libkwq.a, it stands in for the archive's member; the
# shipped library has no hook on those paths.
$(B)/tests/hooks/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(LIB_CFLAGS) -DKWQ_TEST_HOOKS -c -o $@ $<
$(B)/tests/test-pop $(B)/tests/test-release $(B)/tests/test-backoff-cancel \
	$(B)/tests/test-pcpu $(B)/tests/test-fork-push \
	$(B)/tests/test-manager-spawn $(B)/tests/test-hand-over: \
		$(B)/tests/hooks/add.o
# The release's hook is in an inline of internal.h that worker.c calls,
# so worker.c's test build needs add.c's, where the hook is defined.
$(B)/tests/test-release $(B)/tests/test-manager-spawn \
	$(B)/tests/test-hand-over: $(B)/tests/hooks/worker.o
$(B)/tests/test-manager-burst: $(B)/tests/hooks/worker.o $(B)/tests/hooks/add.o
$(B)/tests/test-thaw: $(B)/tests/hooks/freeze.o
$(B)/tests/test-debug-relay: $(B)/tests/hooks/cancel.o
$(B)/tests/test-fork-spawn $(B)/tests/test-manager-soon: \
	$(B)/tests/hooks/thread.o
$(B)/tests/test-manager-lock $(B)/tests/test-manager-proc \
	$(B)/tests/test-manager-soon: $(B)/tests/hooks/manager.o

# Programs run by hand, not by prove: the other tests/*.c with a main(),
# tests/X-main.c making build/tests/X.  The torture (tests/torture.c) is
# one unit, in build/tests/torture --duration 600 and, a few seconds of it,
# in test-torture.
TEST_PROGS := $(patsubst %-main,%,$(patsubst tests/%.c,$(B)/tests/%, \
	$(shell grep -l '^int main' \
	$(filter-out tests/test-%,$(wildcard tests/*.c)))))

$(B)/tests/test-torture: $(B)/tests/torture.o
$(B)/tests/torture: tests/torture-main.c $(B)/tests/torture.o \
		$(B)/tests/tap.o $(B)/libkwq.so
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(APP_CFLAGS) -o $@ $< $(filter %.o,$^) $(APP_LDFLAGS) -lkwq

tests: $(TEST_BIN) $(TEST_PROGS)

# The environment the TAP programs and scripts read.  use_sigaltstack=0:
# a thread cancelled in a call (tests/test-cancelpt-calls.c) is unwound by
# force, which leaves its frames' redzones poisoned, and ASan's own thread
# teardown then writes its signal stack's record there and reports it.
TEST_ENV := KWQ_BUILD=$(B) CC="$(CC)" CXX="$(CXX)" \
	TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1" \
	ASAN_OPTIONS="detect_leaks=1 abort_on_error=0 use_sigaltstack=0" \
	UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1"

# valgrind runs one thread at a time; --fair-sched=yes hands its lock
# round, or a thread that computes while it waits for another (test-tune's
# items, waiting for the manager to give them a second worker) takes the
# lock back each time it lets go, and the others starve.
VALGRIND_CMD := valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite --show-leak-kinds=definite \
	--fair-sched=yes
ifeq ($(VALGRIND),1)
PROVE_EXEC := --exec '$(VALGRIND_CMD)'
TEST_ENV += KWQ_TEST_QUICK=1
LIB_TESTS = $(TEST_BIN)
else
LIB_TESTS = $(TEST_BIN) $(LIB_SCRIPTS)
endif
ifneq ($(SAN),)
TEST_ENV += KWQ_TEST_SAN=$(SAN)
endif

# TSan cannot map its shadow memory under the kernel's full mmap
# randomisation; setarch -R runs the program without it.
ifneq ($(findstring thread,$(SAN)),)
PROVE_WRAP := setarch $(shell uname -m) -R
endif

PROVE = $(TEST_ENV) $(PROVE_WRAP) prove -j2 --timer $(PROVE_EXEC)

test-lib: all tests
	$(Q)$(PROVE) $(LIB_TESTS)

# The suite again in debug mode, which checks every call for misuse: its
# reports must not change what any test sees.
test-lib-debug: all tests
	$(Q)KWQ_DEBUG=1 $(PROVE) $(LIB_TESTS)

test: test-lib

# retconv is built without the sanitizers, so one pass is enough.
test-retconv: $(B)/retconv
	$(Q)$(PROVE) $(RETCONV_TESTS)

test-migrate: all $(B)/tests/tap.o
	$(Q)$(PROVE) $(MIGRATE_TESTS)

# Built first: the scripts run `make install` side by side.
test-pkg: all
	$(Q)$(PROVE) $(PKG_TESTS)

# What the tests need beyond gcc and make (as root; see the script).
deps:
	$(Q)scripts/deps.sh core loops migrate pkg

# The whole suite, as CI runs it, with warnings as errors.  The library's
# tests run in every flavour, the others once.
CHECK = $(MAKE) --no-print-directory WERROR=1

check: deps
	$(Q)$(CHECK) examples examples-loops
	$(Q)$(CHECK) test-lib
	$(Q)$(CHECK) test-lib-debug
	$(Q)$(CHECK) test-lib CC=clang-14 CXX=clang++-14 BUILD=build-clang
	$(Q)$(CHECK) test-retconv
	$(Q)$(CHECK) test-migrate
	$(Q)$(CHECK) test-pkg
	$(Q)$(CHECK) test-lib SAN=address,undefined
	$(Q)$(CHECK) test-lib SAN=thread
	$(Q)$(CHECK) test-lib VALGRIND=1

.PHONY: test-lib test-lib-debug test-retconv test-migrate test-pkg

# --- examples and the tour -------------------------------------------------

EXAMPLE_SRC := $(wildcard examples/*.c)
EXAMPLE_BIN := $(EXAMPLE_SRC:examples/%.c=$(B)/examples/%)

$(B)/examples/%: examples/%.c $(B)/libkwq.so
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(APP_CFLAGS) -o $@ $< $(APP_LDFLAGS) -lkwq

examples: $(EXAMPLE_BIN)

# The tour builds only the examples it shows (scripts/demo.sh names them),
# so that it needs gcc and make alone, whatever other examples link.
DEMO_BIN := $(patsubst %,$(B)/examples/%,$(shell sed -n \
	's/^show \([a-z0-9_-]*\) .*/\1/p' scripts/demo.sh))

demo: all $(DEMO_BIN)
	$(Q)KWQ_BUILD=$(B) scripts/demo.sh

# The completion-queue examples with an event-loop library (examples/loops/)
# need its -dev package, so `make demo` never builds them; `make check` does,
# through examples-loops, which skips (and says so) what pkg-config cannot
# find.  Each cq-X.c is the kwq port of X-orig.c, written in the loop's own
# idiom (docs/loops.md counts both).  tests/cq-examples.t runs whichever
# were built.
LOOP_PKG_cq-uv := libuv
LOOP_PKG_uv-orig := libuv
LOOP_PKG_cq-glib := glib-2.0
LOOP_PKG_glib-orig := gio-2.0
LOOP_NAMES := cq-uv uv-orig cq-glib glib-orig
LOOP_BIN := $(LOOP_NAMES:%=$(B)/examples/loops/%)

$(LOOP_BIN): $(B)/examples/loops/%: examples/loops/%.c $(B)/libkwq.so
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(APP_CFLAGS) $(patsubst -I%,-isystem %,$(shell \
		pkg-config --cflags $(LOOP_PKG_$*))) -o $@ $< $(APP_LDFLAGS) \
		-lkwq $(shell pkg-config --libs $(LOOP_PKG_$*))

examples-loops: all
	$(Q)for e in $(foreach e,$(LOOP_NAMES),$(e):$(LOOP_PKG_$(e))); do \
		if pkg-config --exists $${e#*:}; then \
			$(MAKE) --no-print-directory \
				$(B)/examples/loops/$${e%%:*} || exit 1; \
		else \
			echo "examples/loops/$${e%%:*}.c: skipped:" \
				"pkg-config cannot find $${e#*:}"; \
		fi; \
	done

# --- retconv (tools/retconv) -------------------------------------------------
# The checker links libclang; nothing else does.  It is built without the
# sanitizers (libclang is not instrumented) and tests/retconv*.t run it.

LLVM_CONFIG ?= $(shell command -v llvm-config-14 || command -v llvm-config)
LLVM_PREFIX = $(if $(LLVM_CONFIG),$(shell $(LLVM_CONFIG) --prefix),/usr/lib/llvm-14)
LLVM_INCDIR = $(LLVM_PREFIX)/include
LLVM_LIBDIR = $(LLVM_PREFIX)/lib
CLANG_RESOURCE_DIR ?= $(shell clang-14 -print-resource-dir 2>/dev/null || \
	ls -d $(LLVM_LIBDIR)/clang/* 2>/dev/null | tail -n 1)

RETCONV_SRC := $(wildcard tools/retconv/*.c)
RETCONV_OBJ := $(RETCONV_SRC:%.c=$(B)/%.o)
RETCONV_CFLAGS = $(filter-out $(SANFLAGS),$(BASE_CFLAGS)) $(CFLAGS) \
	-isystem $(LLVM_INCDIR) \
	-DRETCONV_RESOURCE_DIR='"$(CLANG_RESOURCE_DIR)"'

$(B)/tools/retconv/%.o: tools/retconv/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(RETCONV_CFLAGS) -c -o $@ $<

$(B)/retconv: $(RETCONV_OBJ)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -o $@ $(RETCONV_OBJ) -L$(LLVM_LIBDIR) \
		-Wl,-rpath,$(LLVM_LIBDIR) -lclang $(LDFLAGS)

retconv: $(B)/retconv

.PHONY: retconv

# retconv-eval: issue 26's benchmark of mined fix pairs (outside CI: it
# needs the mirrors that tools/retconv/eval/README.md lists).  The dev half
# by default; `make retconv-eval HELD=1` scores the held-back half, which
# only the lead runs, once per round; FRESH=1 scores the third set (fixes
# mined from code bases no rule was tuned to, tools/retconv/eval/fresh).
# RETCONV=path scores another binary.
retconv-eval: $(if $(RETCONV),,$(B)/retconv)
	RETCONV=$(or $(RETCONV),$(B)/retconv) DEV=$(DEV) HELD=$(HELD) \
		FRESH=$(FRESH) python3 tools/retconv/eval/score.py

.PHONY: retconv-eval

# Fuzzing (tools/retconv/fuzz): a libFuzzer harness, built by clang with
# ASan and UBSan over retconv's own sources (libclang is not instrumented:
# coverage comes from retconv's code).  tests/retconv-fuzz.t runs it for a
# few seconds over the committed corpus; `make fuzz` runs it for
# FUZZ_SECONDS and leaves what it finds in $(B)/fuzz/new and, for a crash,
# $(B)/fuzz/artifacts (tools/retconv/fuzz/README.md).  Clang's warnings are
# not gcc's, so -Werror is left to the gcc build of the same sources.

FUZZ_CC ?= $(shell command -v clang-14 2>/dev/null)
FUZZ_SECONDS ?= 600
FUZZ_ARGS ?=
FUZZ_DIR := tools/retconv/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_OBJ := $(filter-out %/main.o,$(RETCONV_SRC:%.c=$(B)/fuzz/%.o)) \
	$(B)/fuzz/$(FUZZ_DIR)/fuzz-retconv.o
FUZZ_CFLAGS = $(filter-out $(SANFLAGS) -Werror,$(BASE_CFLAGS)) -O1 -g \
	-fsanitize=fuzzer-no-link $(FUZZ_SAN) -isystem $(LLVM_INCDIR) \
	-DRETCONV_RESOURCE_DIR='"$(CLANG_RESOURCE_DIR)"'

$(B)/fuzz/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(B)/fuzz-retconv: $(FUZZ_OBJ)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $(FUZZ_OBJ) \
		-L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR) -lclang

fuzz: $(B)/fuzz-retconv
	@mkdir -p $(B)/fuzz/new $(B)/fuzz/artifacts
	$(B)/fuzz-retconv -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
		-rss_limit_mb=4096 -dict=$(FUZZ_DIR)/c.dict \
		-artifact_prefix=$(B)/fuzz/artifacts/ -print_final_stats=1 \
		$(FUZZ_ARGS) $(B)/fuzz/new $(FUZZ_DIR)/corpus

# test-retconv runs the short fuzz (tests/retconv-fuzz.t) when clang is
# there; the harness carries its own sanitizers.
ifeq ($(SAN),)
ifneq ($(FUZZ_CC),)
test-retconv: $(B)/fuzz-retconv
endif
endif

.PHONY: fuzz

# --- benchmarks (bench/) ----------------------------------------------------
# `make bench` installs the peer libraries (scripts/deps.sh bench), builds
# bench/ against them and kwq, and runs bench/run.pl, the one driver (its
# configuration and main; its jobs are the modules of bench/lib/KwqBench/,
# which it finds beside itself): it alternates the libraries and the goal
# programs of bench/goals/ (bench-timers: issue 3's timers and issue 5's
# delayed work against libuv and GLib; bench-manager: issue 7's
# concurrency manager), judges every goal
# and writes the table, build/bench/*.csv, the chart and the report
# build/bench/report.md.  BENCH_DOCS=1 also writes docs/benchmarks.md (and
# its chart and CSV); BENCH_QUICK=1 is a short run for development.
# `make bench-goals` runs only the goal programs, `make bench-producers`
# only the rows of one and two producers.  Never part of `make check`.

BENCH_PKGS := libuv glib-2.0 apr-util-1 apr-1
# Recursive (=): pkg-config is asked only once deps.sh has run.  The peers'
# headers are third-party: -isystem keeps our warnings off them.
BENCH_CFLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags $(BENCH_PKGS)))
BENCH_LIBS = $(shell pkg-config --libs $(BENCH_PKGS))
BENCH_SRC := $(filter-out bench/malloc-count.c,$(wildcard bench/*.c))
BENCH_OBJ := $(BENCH_SRC:%.c=$(B)/%.o)
GOALS_BIN := $(B)/bench/bench-timers $(B)/bench/bench-manager
BENCH_BIN := $(B)/bench/bench $(B)/bench/bench-mem $(GOALS_BIN)
BENCH_ENV = BENCH_BUILD=$(B) BENCH_QUICK=$(BENCH_QUICK) BENCH_DOCS=$(BENCH_DOCS)

$(B)/bench/%.o: bench/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(APP_CFLAGS) $(BENCH_CFLAGS) -c -o $@ $<

$(B)/bench/bench: $(BENCH_OBJ) $(B)/libkwq.so
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -o $@ $(BENCH_OBJ) $(APP_LDFLAGS) -lkwq $(BENCH_LIBS)

# The same program with the counting malloc linked in.
$(B)/bench/bench-mem: $(BENCH_OBJ) $(B)/bench/malloc-count.o $(B)/libkwq.so
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -o $@ $(BENCH_OBJ) $(B)/bench/malloc-count.o $(APP_LDFLAGS) \
		-lkwq $(BENCH_LIBS)

$(B)/bench/bench-timers: $(B)/bench/goals/timers.o $(B)/bench/common.o \
		$(B)/libkwq.so
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -o $@ $(filter %.o,$^) $(APP_LDFLAGS) -lkwq $(BENCH_LIBS) -lm

$(B)/bench/bench-manager: $(B)/bench/goals/manager.o $(B)/bench/common.o \
		$(B)/libkwq.so
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -o $@ $(filter %.o,$^) $(APP_LDFLAGS) -lkwq

bench-deps:
	$(Q)scripts/deps.sh bench

bench-build: bench-deps
	$(Q)$(MAKE) --no-print-directory all $(BENCH_BIN)

bench: bench-build
	$(Q)$(BENCH_ENV) perl bench/run.pl

bench-goals: bench-build
	$(Q)$(BENCH_ENV) perl bench/run.pl --goals

# One and two producers on the unbound, bound and ordered queues, five
# repetitions (issue 24 §2).
bench-producers: bench-build
	$(Q)$(BENCH_ENV) perl bench/run.pl --producers

.PHONY: bench bench-deps bench-build bench-goals bench-producers

# --- install ---------------------------------------------------------------
# What `make install` puts under $(DESTDIR): the headers, libkwq.a,
# libkwq.so and its links, kwq.pc, the CMake package (kwqConfig.cmake and
# kwqConfigVersion.cmake in $(CMAKEDIR)), the man pages of sections 3 and 7,
# and retconv with retconv(1) when it has been built (`make retconv install`;
# retconv needs libclang).  `make uninstall` removes exactly that.

CMAKEDIR ?= $(LIBDIR)/cmake/kwq
INST_HEADERS := $(notdir $(wildcard include/kwq/*.h))
INST_MAN := $(wildcard man/man3/*.3 man/man7/*.7)
MAJOR := $(firstword $(subst ., ,$(VERSION)))

# The CMake package finds the prefix from its own place (see
# src/kwqConfig.cmake.in): these are the relative paths it walks.
relpath = $(shell realpath -m --relative-to=$(1) $(2))
CMAKE_SUBST = -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOMAJOR@|$(SOMAJOR)|g' \
	-e 's|@MAJOR@|$(MAJOR)|g' \
	-e 's|@CMAKE_TO_PREFIX@|$(call relpath,$(CMAKEDIR),$(PREFIX))|g' \
	-e 's|@PREFIX_TO_LIBDIR@|$(call relpath,$(PREFIX),$(LIBDIR))|g' \
	-e 's|@PREFIX_TO_INCLUDEDIR@|$(call relpath,$(PREFIX),$(INCLUDEDIR))|g' \
	-e "s|@SIZEOF_POINTER@|$$(echo __SIZEOF_POINTER__ | \
		$(CC) $(CPPFLAGS) $(CFLAGS) -E -P - | tail -n 1)|g"

# `make retconv install` in one command (even with -j) installs retconv.
ifneq ($(filter retconv,$(MAKECMDGOALS)),)
install: $(B)/retconv
endif

# The directories install puts files in; retconv's only when it is built.
INST_DIRS := $(DESTDIR)$(INCLUDEDIR)/kwq $(DESTDIR)$(LIBDIR)/pkgconfig \
	$(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man7
INST_RC_DIRS := $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
# Those of them and of their parents that install created are written to
# a record of this destination's, so that uninstall removes them, once
# empty, and no other directory (as CMake's install_manifest.txt, in the
# build tree: after `make clean` only kwq's own directories go).
INST_RECORD = $(B)/install-dirs-$(firstword $(shell \
	printf '%s' '$(INST_DIRS) $(INST_RC_DIRS)' | cksum))
inst_new = for d in $(1); do \
		while [ ! -d "$$d" ]; do echo "$$d"; d=$$(dirname "$$d"); done; \
	done >> $(INST_RECORD)

install: all
	$(call inst_new,$(INST_DIRS))
	if [ -x $(B)/retconv ]; then $(call inst_new,$(INST_RC_DIRS)); fi
	install -d $(INST_DIRS)
	install -m 644 $(addprefix include/kwq/,$(INST_HEADERS)) \
		$(DESTDIR)$(INCLUDEDIR)/kwq/
	install -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf libkwq.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libkwq.so.$(SOMAJOR)
	ln -sf libkwq.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libkwq.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
		src/kwq.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/kwq.pc
	sed $(CMAKE_SUBST) src/kwqConfig.cmake.in \
		> $(DESTDIR)$(CMAKEDIR)/kwqConfig.cmake
	sed $(CMAKE_SUBST) src/kwqConfigVersion.cmake.in \
		> $(DESTDIR)$(CMAKEDIR)/kwqConfigVersion.cmake
	for s in 3 7; do \
		install -m 644 man/man$$s/*.$$s $(DESTDIR)$(MANDIR)/man$$s/ || \
		exit 1; \
	done
	if [ -x $(B)/retconv ]; then \
		install -d $(INST_RC_DIRS) && \
		install -m 755 $(B)/retconv $(DESTDIR)$(BINDIR)/ && \
		install -m 644 man/man1/retconv.1 $(DESTDIR)$(MANDIR)/man1/; \
	fi

# kwq's own directories go, and those install created (its record), once
# empty; shared ones that were there before (lib/, share/man/man3) stay.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/kwq/,$(INST_HEADERS)) \
		$(addprefix $(DESTDIR)$(LIBDIR)/,libkwq.a libkwq.so \
			libkwq.so.$(SOMAJOR) libkwq.so.$(VERSION)) \
		$(DESTDIR)$(LIBDIR)/pkgconfig/kwq.pc \
		$(DESTDIR)$(CMAKEDIR)/kwqConfig.cmake \
		$(DESTDIR)$(CMAKEDIR)/kwqConfigVersion.cmake \
		$(INST_MAN:man/%=$(DESTDIR)$(MANDIR)/%) \
		$(DESTDIR)$(BINDIR)/retconv $(DESTDIR)$(MANDIR)/man1/retconv.1
	rmdir $(DESTDIR)$(INCLUDEDIR)/kwq $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true
	if [ -f $(INST_RECORD) ]; then \
		sort -ru $(INST_RECORD) | while read -r d; do \
			rmdir "$$d" 2>/dev/null || true; \
		done; \
		rm -f $(INST_RECORD); \
	fi

clean:
	rm -rf build build-*

.PHONY: all tests test check deps examples demo install uninstall clean

-include $(shell find $(B) -name '*.d' 2>/dev/null)
