// The floor of a first sync's store writes: inserting COUNT rows into a new database with the
// item table and indexes of Outpost's own store (SCHEMA: the CREATE statements of a real
// store's `item` table and its indexes, one per line), in one transaction, through one
// prepared statement, as fast as C can ask SQLite. The journal as the daemon's (GRDB's WAL
// mode: `synchronous = NORMAL`, no sync at a commit); foreign keys off (the daemon also
// checks each row's account). Each row holds texts of the sizes a feed's event has in the
// store: DETAILS bytes of JSON details, a 42-byte title, a 50-byte location, a 39-byte link.
//
//   store-floor SCHEMA DATABASE COUNT DETAILS
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(int status, sqlite3 *db, const char *what) {
  if (status != SQLITE_OK && status != SQLITE_DONE && status != SQLITE_ROW) {
    fprintf(stderr, "store-floor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

// A text of `size` bytes (at least its prefix and suffix): prefix, 'x's, suffix.
static char *filled(long size, const char *prefix, const char *suffix) {
  long fixed = (long)(strlen(prefix) + strlen(suffix));
  char *text = malloc((size > fixed ? size : fixed) + 1);
  long middle = size > fixed ? size - fixed : 0;
  strcpy(text, prefix);
  memset(text + strlen(prefix), 'x', middle);
  strcpy(text + strlen(prefix) + middle, suffix);
  return text;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: store-floor SCHEMA DATABASE COUNT DETAILS\n");
    return 64;
  }
  long count = strtol(argv[3], NULL, 10);
  long detailsSize = strtol(argv[4], NULL, 10);
  FILE *schemaFile = fopen(argv[1], "r");
  if (!schemaFile) {
    perror(argv[1]);
    return 1;
  }
  static char schema[1 << 16];
  size_t length = fread(schema, 1, sizeof schema - 1, schemaFile);
  schema[length] = 0;
  fclose(schemaFile);

  sqlite3 *db;
  check(sqlite3_open(argv[2], &db), db, "open");
  check(sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), db, "WAL");
  check(sqlite3_exec(db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL), db, "synchronous");
  check(sqlite3_exec(db, schema, NULL, NULL, NULL), db, "schema");
  sqlite3_stmt *insert;
  check(sqlite3_prepare_v2(db,
                           "INSERT INTO item (account_id, kind, upstream_id, title, starts_at, ends_at, location, "
                           "status, details, link, fingerprint, first_seen_at, updated_at) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &insert, NULL),
        db, "prepare");
  char *details = filled(detailsSize, "{\"description\":\"", "\"}");
  char *title = filled(42, "", "");
  char *location = filled(50, "", "");
  char *link = filled(39, "https://", "");
  const char *account = "0f6c3a0e-4b7e-4c1e-9a53-2b8f3f4d5e6a";
  char upstream[64], starts[32], ends[32];
  check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), db, "begin");
  for (long index = 0; index < count; index++) {
    snprintf(upstream, sizeof upstream, "bench-event-%012ld@example.ch", index);
    snprintf(starts, sizeof starts, "2026-%02ld-%02ldT18:00:00Z", 1 + index % 12, 1 + index % 28);
    snprintf(ends, sizeof ends, "2026-%02ld-%02ldT20:00:00Z", 1 + index % 12, 1 + index % 28);
    const char *texts[] = {account, "event",   upstream, title, starts, ends, location, "active", details, link,
                           "0123456789abcdef", "2026-11-29T00:00:00Z", "2026-11-29T00:00:00Z"};
    for (int column = 0; column < 13; column++) {
      check(sqlite3_bind_text(insert, column + 1, texts[column], -1, SQLITE_TRANSIENT), db, "bind");
    }
    check(sqlite3_step(insert), db, "insert");
    check(sqlite3_reset(insert), db, "reset");
  }
  check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
  sqlite3_finalize(insert);
  check(sqlite3_close(db), db, "close");
  free(details);
  free(title);
  free(location);
  free(link);
  return 0;
}
