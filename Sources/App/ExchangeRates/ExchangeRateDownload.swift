import CCurl
import Foundation
import Inventory
import Messages

/// The one owner of a libcurl easy handle fetching one file of rates over HTTP(S), and of the
/// bytes it receives; freed in `deinit`. What a stranger's server sends is capped as it comes
/// (`ECBRates.maxFileBytes`: the transfer is cut, never buffered further), and a server that does
/// not connect, stalls or takes too long is given up on, and so is one under way as the server stops.
final class ExchangeRateDownload {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// What has come so far; libcurl's write callback appends to it through an unmanaged pointer to self.
    private var received: [UInt8] = []
    private var cutAtLimit = false
    /// Asked about at least once a second while the transfer runs: true ends it.
    private let shouldStop: @Sendable () -> Bool

    /// libcurl's one-time set-up (thread-safe since 7.84), before the first handle.
    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    init?(shouldStop: @escaping @Sendable () -> Bool) {
        self.shouldStop = shouldStop
        _ = Self.globalInit
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// The body of a 200 answer to GET `url`, whole; throws what went wrong, in the reader's words.
    func fetch(_ url: String, limits: ExchangeRateSource.Limits) throws(ExchangeRateFetchError) -> [UInt8] {
        let host = URLComponents(string: url)?.host ?? url
        var set = CURLE_OK
        func option(_ code: CURLcode) { if set == CURLE_OK { set = code } }
        option(hp_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        option(hp_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
        option(hp_curl_set_string(handle, CURLOPT_URL, url))
        // Only the web's own schemes, also after a redirect (never file:, ftp: or another a server names).
        option(hp_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        option(hp_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        option(hp_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1))
        option(hp_curl_set_long(handle, CURLOPT_MAXREDIRS, limits.maxRedirects))
        option(hp_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeout * 1_000)))
        option(hp_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(limits.totalTimeout * 1_000)))
        // A stall: under a byte a second for this long.
        option(hp_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1))
        option(hp_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.stallTimeout))))
        // Refused at once when the server says how long it is; the write callback cuts the rest.
        option(hp_curl_set_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(ECBRates.maxFileBytes)))
        option(hp_curl_set_string(handle, CURLOPT_USERAGENT, "Homepwner (exchange rates)"))
        option(hp_curl_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()))
        option(hp_curl_set_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let download = Unmanaged<ExchangeRateDownload>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard download.received.count + length <= ECBRates.maxFileBytes else {
                download.cutAtLimit = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) { download.received.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
            return length
        })
        option(hp_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
        option(hp_curl_set_pointer(handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(self).toOpaque()))
        option(hp_curl_set_progress_function(handle) { context, _, _, _, _ in
            guard let context else { return 1 }
            return Unmanaged<ExchangeRateDownload>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
        })
        guard set == CURLE_OK else { throw .failed(host: host, detail: String(cString: curl_easy_strerror(set))) }

        let result = curl_easy_perform(handle)
        var status = 0
        _ = hp_curl_response_code(handle, &status)
        switch result {
        case CURLE_OK:
            guard status == 200 else { throw .status(host: host, code: status) }
            return received
        case CURLE_FILESIZE_EXCEEDED: throw .tooLarge(host: host)
        case CURLE_WRITE_ERROR where cutAtLimit: throw .tooLarge(host: host)
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut(host: host)
        case CURLE_TOO_MANY_REDIRECTS: throw .redirects(host: host)
        case CURLE_ABORTED_BY_CALLBACK: throw .stopped
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT: throw .unreachable(host: host)
        default:
            let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(result)) : String(cString: errorBuffer)
            throw .failed(host: host, detail: detail)
        }
    }
}
