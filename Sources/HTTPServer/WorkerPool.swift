import Dispatch

/// Runs slow handlers, at most `width` at a time, off the network threads.
final class WorkerPool: Sendable {
    private let queue = DispatchQueue(label: "homepwner.workers", attributes: .concurrent)
    private let slots: DispatchSemaphore

    init(width: Int) { slots = DispatchSemaphore(value: width) }

    func run(_ work: @escaping @Sendable () -> Void) {
        queue.async { [slots] in
            slots.wait()
            defer { slots.signal() }
            work()
        }
    }
}
