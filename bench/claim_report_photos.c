/* Makes COUNT distinct 2048-px screen renditions for the claim-report benchmark, in one process
 * (a vips command per photo spends most of its time starting up):
 *   claim_report_photos COUNT OUT_DIR SOURCE...
 * Photo i is a crop of SOURCE[i % n] (80–99 % of each side, at an offset that moves with i), fitted
 * to 2048 px and saved as a JPEG at Q=75 without metadata: 200–450 KB, what the server's `screen`
 * renditions weigh, and different bytes for every photo. Existing files are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <vips/vips.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s COUNT OUT_DIR SOURCE...\n", argv[0]); return 2; }
    if (VIPS_INIT(argv[0])) vips_error_exit(NULL);
    int count = atoi(argv[1]), sources = argc - 3;
    VipsImage **upright = calloc(sources, sizeof *upright);
    for (int s = 0; s < sources; s++) {
        VipsImage *loaded, *turned;
        if (!(loaded = vips_image_new_from_file(argv[3 + s], NULL))) vips_error_exit(NULL);
        if (vips_autorot(loaded, &turned, NULL)) vips_error_exit(NULL);
        /* Decoded once, into memory: every crop then costs a resize and an encode. */
        if (!(upright[s] = vips_image_copy_memory(turned))) vips_error_exit(NULL);
        g_object_unref(loaded);
        g_object_unref(turned);
    }
    char path[4096], partial[4200];
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/photo-%05d.jpg", argv[2], i);
        if (access(path, F_OK) == 0) continue;
        VipsImage *source = upright[i % sources], *cropped, *fitted;
        int w = source->Xsize, h = source->Ysize, share = 80 + i % 20;
        int cw = w * share / 100, ch = h * share / 100;
        int x = (i * 37) % (w - cw + 1), y = (i * 53) % (h - ch + 1);
        if (vips_crop(source, &cropped, x, y, cw, ch, NULL)) vips_error_exit(NULL);
        if (vips_thumbnail_image(cropped, &fitted, 2048, "size", VIPS_SIZE_BOTH, NULL)) vips_error_exit(NULL);
        snprintf(partial, sizeof partial, "%s.part", path);
        if (vips_jpegsave(fitted, partial, "Q", 75, "strip", TRUE, NULL)) vips_error_exit(NULL);
        if (rename(partial, path)) { perror(path); return 1; }
        g_object_unref(cropped);
        g_object_unref(fitted);
    }
    return 0;
}
