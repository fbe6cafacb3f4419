// Documented results in more forms, kernel style and user space:
// - Doxygen's short "@ret name": "@ret rc" says nothing of the class,
//   "@ret enabled ... was previously enabled" documents a state it had;
// - a result documented as a state ("Previous mode", "the comparator
//   state") is a value, neither, unless the text gives 0, 1, true or
//   false, or a negative errno, or the state is a condition ("if the
//   notify state was cleared");
// - a result documented only by named constants (YES or NO, pdPASS or
//   pdFAIL) is the project's own status: neither;
// - a run of "//" lines just above the definition is its comment (not
//   when a blank line parts them);
// - "Return TRUE if ..." opening a sentence, and "the return value is",
//   speak of the result; a word in capitals for emphasis ("NOT") is
//   no constant's name.
// args: --classes --static
#include <stdbool.h>

/**
 * Enable interrupt
 *
 * @v irq		Interrupt number
 * @ret enabled		Interrupt was previously enabled
 */
int enable_irq(unsigned int irq) { return irq & 1; }

/**
 * Start the chip
 *
 * @ret rc		Return status code
 */
int start_chip(unsigned int irq) { return irq & 1; }

//*****************************************************************************
//
//! @brief Set the text mode.
//!
//! @return Previous mode.
//
//*****************************************************************************
bool stdio_textmode_set(bool on) { return !on; }

//! @brief Check for a disabled flash region.
//! @return true if the region's erase is disabled, otherwise false.
bool flash_wipe_start(void) { return true; }

// Parses a character. If the return value is true, a command is ready.
bool parse_char(char c) { return c == '\n'; }

/* Insert a new record into the table.  Return TRUE if successful.
** Prior data with the same key is NOT overwritten */
int table_insert(const char *data) { return data != 0; }

/**
 * read_level() - the line's level
 * Return: 1 when the line is high, 0 when low, or a negative errno; the
 * level was sampled in mode 3.
 */
int read_level(int line) { return line < 0 ? -22 : line & 1; }

// Returns true if the queue was started.

int start_queue(int q) { return q & 1; }
/**
 * @return YES if the notify state was cleared, otherwise NO.
 */
int notify_state_clear(int t) { return t ? 1 : 0; }

// expect: contracts-forms.c:24:5: enable_irq: public neither unknown
// expect: contracts-forms.c:31:5: start_chip: public action unknown
// expect: contracts-forms.c:40:6: stdio_textmode_set: public neither boolean
// expect: contracts-forms.c:44:6: flash_wipe_start: public predicate boolean
// expect: contracts-forms.c:47:6: parse_char: public predicate boolean
// expect: contracts-forms.c:51:5: table_insert: public predicate boolean
// expect: contracts-forms.c:58:5: read_level: public neither unknown
// expect: contracts-forms.c:62:5: start_queue: public action unknown
// expect: contracts-forms.c:66:5: notify_state_clear: public neither boolean
