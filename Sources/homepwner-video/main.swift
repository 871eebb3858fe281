import Foundation
import Video

// `homepwner-video FILE [FOLDER]`: the candidate frames of one video, as module Video makes them
// for a walk-through, printed as JSON (its description, each candidate's second and size, the work
// it took); with FOLDER, each candidate is written there as NNN-SECONDs.jpg and the poster as
// poster.jpg. For make bench (bench/video.sh) and for looking at what a video gives.

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: homepwner-video FILE [FOLDER]\n".utf8))
    exit(2)
}
do {
    let selection = try Video.candidateFrames(fileAtPath: arguments[1])
    if arguments.count == 3 {
        let folder = URL(fileURLWithPath: arguments[2])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(selection.poster.jpeg).write(to: folder.appendingPathComponent("poster.jpg"))
        for (index, frame) in selection.frames.enumerated() {
            let name = String(format: "%03d-%.2fs.jpg", index + 1, frame.second)
            try Data(frame.jpeg).write(to: folder.appendingPathComponent(name))
        }
    }
    let info = selection.info
    let frames = selection.frames.map { String(format: #"{"second": %.3f, "width": %d, "height": %d, "sharpness": %.0f}"#, $0.second, $0.width, $0.height, $0.sharpness) }
    print("""
    {"container": "\(info.container.rawValue)", "codec": "\(info.codec.rawValue)", "seconds": \(info.seconds), \
    "width": \(info.codedWidth), "height": \(info.codedHeight), "rotation": \(info.rotation), "fps": \(info.framesPerSecond), \
    "work": {"bytesRead": \(selection.work.bytesRead), "samplesRead": \(selection.work.samplesRead), \
    "framesDecoded": \(selection.work.framesDecoded), "framesLookedAt": \(selection.work.framesLookedAt)}, \
    "poster": \(String(format: "%.3f", selection.poster.second)), \
    "frames": [\(frames.joined(separator: ", "))]}
    """)
} catch {
    FileHandle.standardError.write(Data("homepwner-video: \(error)\n".utf8))
    exit(1)
}
