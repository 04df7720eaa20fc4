// The floor of a first sync into a vdir: creating COUNT files of SIZE bytes in one empty
// directory, nothing else (no temporary name, no rename, no fsync), as fast as C can ask.
// Both vdirsyncer and Outpost write one file per event, so neither can be faster than this.
//
//   file-floor DIRECTORY COUNT SIZE
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: file-floor DIRECTORY COUNT SIZE\n");
    return 64;
  }
  const char *directory = argv[1];
  long count = strtol(argv[2], NULL, 10);
  long size = strtol(argv[3], NULL, 10);
  char *bytes = malloc(size > 0 ? size : 1);
  memset(bytes, 'x', size > 0 ? size : 1);
  char path[4096];
  for (long index = 0; index < count; index++) {
    snprintf(path, sizeof path, "%s/event-%ld.ics", directory, index);
    int descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (descriptor < 0 || write(descriptor, bytes, size) != size || close(descriptor) != 0) {
      perror(path);
      return 1;
    }
  }
  free(bytes);
  return 0;
}
