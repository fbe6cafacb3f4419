// SPDX-License-Identifier: MIT
// A banner of '#' lines in a block comment, read by the prelude's line scan
// (idle.c) as directives: a lone '#' has no word, whose length was unset.
/*
# ___   ___
#  __|  |__
#---------------------------------------------------
# Port of a device library to a games console's I/O processor.
#
# Review the license file for the terms.~
#
# Lists the imports of the module.
*/

#ifndef NET_IMPORTS_H
#define NET_IMPORTS_H

#include <irx.h>
#include <intrman.h>
#include <ioman.h>
#include <stdio.h>

#endif
// stderr: retconv: null-directive.h: note: parsed with errors: 3 headers not found (irx.h, intrman.h, ioman.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
