import HTTPServer

/// How the photo readers give way to requests: a reader starts its next step of reading (a photo;
/// a library photo's print after its codes) only once no request has been in flight for
/// `quietPeriod`. Nice 19 alone is not enough: the two cores of a small server are often one
/// core's two hyperthreads, so any reading slows a request running beside it (while a library was
/// read at nice 19, SCHED_IDLE made no difference: the list page's p99 1.5 ms against 0.5 ms idle,
/// an upload 105 ms against 80 ms).
struct RequestCourtesy: Sendable {
    /// The server's requests, counted in and out.
    let activity: RequestActivity
    /// How long without a request the server must have been.
    let quietPeriod: Duration
    /// The longest a step waits; then it is read even while requests go on.
    let longestWait: Duration

    /// Longer than the gaps inside one page's load (its page, then its styles, scripts and
    /// thumbnails) or between photos uploaded one after another, so that reading does not start in
    /// the middle of them.
    static let quietPeriod: Duration = .milliseconds(100)
    /// A download of a large export, a client asking without pause, or a household at the server
    /// all evening would otherwise keep its photos from ever being read: with requests that never
    /// stop, reading still goes on, a step after each wait this long (at most the step's share of
    /// the time).
    static let longestWait: Duration = .seconds(10)
}
