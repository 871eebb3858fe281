import Imaging

extension UnsupportedVariant {
    /// What a library photo's cell says about a file in this form.
    var problem: String { "This photo is \(kind), which Homepwner cannot read. Save a copy as \(saveAs)." }
}
