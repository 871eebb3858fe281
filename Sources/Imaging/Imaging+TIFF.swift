import CVips

extension Imaging {
    /// A TIFF's first page at full resolution, cut to fit `box` (see `hp_vips_load_tiff` for why
    /// not libvips' thumbnail). From the file at `path` when it is set, else from `bytes`.
    static func tiffThumbnail(path: String?, bytes: UnsafeRawBufferPointer?, box: Int32) -> Result<VipsImageHandle, VipsFailure> {
        VipsImageHandle.make { hp_vips_load_tiff(path, bytes?.baseAddress, bytes?.count ?? 0, $0) }
            .flatMap { page in VipsImageHandle.make { hp_vips_thumbnail_image(page.pointer, $0, box) } }
    }
}
