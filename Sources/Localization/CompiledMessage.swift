import CICUMessages
import Synchronization

/// One message compiled by ICU's MessageFormat for one language, the one owner of its `hp_message`.
/// ICU fills in a plural's rules on first use, so formatting is one caller at a time.
final class CompiledMessage: @unchecked Sendable {
    /// Used only under `lock` once made.
    private let handle: OpaquePointer
    private let lock = Mutex(())
    /// The names of the placeholders the message uses, each once.
    let argumentNames: Set<String>

    init(_ pattern: String, language: LanguageTag) throws(LocalizationError) {
        var error = hp_icu_error()
        let bytes = Array(pattern.utf8)
        guard let handle = hp_message_open(language.tag, bytes, bytes.count, &error) else {
            throw LocalizationError(.badMessage, Self.text(of: &error))
        }
        let joined = hp_message_argument_names(handle).map { pointer in
            defer { hp_free(pointer) }
            return String(cString: pointer)
        } ?? ""
        argumentNames = Set(joined.split(separator: "\n").map(String.init))
        self.handle = handle
    }

    deinit { hp_message_free(handle) }

    func format(_ arguments: [String: MessageArgument]) throws(LocalizationError) -> String {
        let names = arguments.keys.sorted()
        var keep: [[CChar]] = []
        var list: [hp_argument] = []
        for name in names {
            keep.append(Array(name.utf8CString))
            var argument = hp_argument()
            switch arguments[name]! {
            case .text(let text): argument.kind = HP_ARGUMENT_TEXT; keep.append(Array(text.utf8CString))
            case .integer(let value): argument.kind = HP_ARGUMENT_INTEGER; argument.integer = value
            case .decimal(let value): argument.kind = HP_ARGUMENT_DOUBLE; argument.number = value
            }
            list.append(argument)
        }
        // Every name and text as C strings that live through the call.
        return try keep.withUnsafeCStrings { strings throws(LocalizationError) in
            var next = 0
            for index in list.indices {
                list[index].name = strings[next]; next += 1
                if list[index].kind == HP_ARGUMENT_TEXT { list[index].text = strings[next]; next += 1 }
            }
            let (text, problem): (String?, String) = lock.withLock { _ in
                var error = hp_icu_error()
                guard let result = hp_message_format(handle, list, Int32(list.count), &error) else { return (nil, Self.text(of: &error)) }
                defer { hp_free(result) }
                return (String(cString: result), "")
            }
            guard let text else { throw LocalizationError(.formatting, problem) }
            return text
        }
    }

    static func text(of error: inout hp_icu_error) -> String {
        withUnsafeBytes(of: &error.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The pseudo-locale's pattern made from `pattern` (ICU's MessagePattern keeps its syntax).
    static func pseudo(_ pattern: String) throws(LocalizationError) -> String {
        var error = hp_icu_error()
        let bytes = Array(pattern.utf8)
        guard let result = hp_message_pseudo(bytes, bytes.count, &error) else {
            throw LocalizationError(.badMessage, text(of: &error))
        }
        defer { hp_free(result) }
        return String(cString: result)
    }
}

private extension Array where Element == [CChar] {
    func withUnsafeCStrings<R>(_ body: ([UnsafePointer<CChar>]) throws(LocalizationError) -> R) throws(LocalizationError) -> R {
        var pointers: [UnsafeMutablePointer<CChar>] = []
        defer { pointers.forEach { $0.deallocate() } }
        for string in self {
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: string.count)
            pointer.initialize(from: string, count: string.count)
            pointers.append(pointer)
        }
        return try body(pointers.map { UnsafePointer($0) })
    }
}
