extension String {
    /// Everything before the last `/` ("" when there is none). Foundation's NSString version traps on
    /// some one-character strings, so paths are split by hand.
    var parentPath: String {
        guard let slash = lastIndex(of: "/") else { return "" }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// Everything after the last `/`.
    var lastPathPart: String {
        guard let slash = lastIndex(of: "/") else { return self }
        return String(self[index(after: slash)...])
    }
}
