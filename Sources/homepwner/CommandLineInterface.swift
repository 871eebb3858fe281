import App
import Backup
import Foundation
import HTTPServer

/// A mistake in how the command was called; the message says how to call it.
struct CommandLineError: Error {
    let message: String
}

/// `homepwner` and its subcommands.
enum CommandLineInterface {
    static let usage = """
        Homepwner — a self-hosted home inventory with a photo library.

        Usage:
          homepwner serve [options]     Serve the web app and its JSON API.
          homepwner user add|list|remove|passwd|role|grant …
                                        Manage accounts (homepwner user --help).
          homepwner scan --data DIR --library PATH...
                                        Scan photo library folders now, with a progress bar.
          homepwner renditions --output DIR [--jobs N] FILE...
                                        Make the thumbnails and screen size of photos (one worker per core).
          homepwner read-codes FILE...  Print the barcodes and 2-D codes read on each photo, as JSON lines.
          homepwner export --format homebox-csv|homepwner --to FILE [--data DIR]
                                        Write the inventory as a Homebox CSV, or as one zip of everything.
          homepwner claim-report ID --to FILE [--paper a4|letter] [--data DIR]
                                        Write a claim's PDF report.
          homepwner import FILE --data DIR [--dry-run]
                                        Import a Homebox CSV/TSV export, a Homebox backup zip or a homepwner
                                        export (into an empty inventory), or only show what it would do.
          homepwner backup --to DIR [--data DIR] [--keep N] [--offsite restic:REPO]
                                        Back up the data folder (also while serving), then verify it.
          homepwner restore FROM --data DIR [--force]
                                        Restore a backup as a data folder.
          homepwner verify FROM [--offsite restic:REPO]
                                        Check every file of a backup, its database, its off-site copy.
          homepwner --help              Show this help.
          homepwner serve --help        Show the options of serve.
        """

    static let serveUsage = """
        Usage: homepwner serve [--data DIR] [--host ADDRESS] [--port N] [--library PATH]... [--demo] [--quiet] [--ready-file PATH]
                               [--max-upload-mb N] [--max-video-mb N] [--max-megapixels N] [--max-connections-per-address N]
                               [--backup-to DIR [--backup-every 24h] [--backup-keep N] [--offsite restic:REPO]]
                               [--smtp-url smtp://host:port --mail-from ADDRESS [--mail-site-url URL] [--smtp-password-file FILE] [--mail-hour H] [--mail-time-zone ZONE]]
                               [--exchange-rates-url URL]

        Options:
          --data DIR        Folder for the database and photos (default: ./data). Created if missing.
          --host ADDRESS    IP address to listen on (default: 127.0.0.1; use 0.0.0.0 for every interface).
          --port N          TCP port (default: 8080; 0 picks a free one).
          --library PATH    A folder of photos to browse, read-only (repeat for several).
          --rescan-minutes N    Look for new, changed and removed photos every N minutes (default: 15;
                                0: only at start). Opening the library also looks, at most once a minute.
          --config FILE     Read options from FILE: one "name = value" per line (library = /srv/photos,
                            port = 8080, …; # starts a comment). Options given on the command line win.
          --demo            Fill a new, empty data folder with a few demo items.
          --quiet           Don't print a line for every request.
          --ready-file PATH Once listening, write {"url": …, "port": …, "pid": …} to PATH (whole, by a rename);
                            removed as the server stops. For scripts, instead of reading the first line.
          --tls-cert FILE --tls-key FILE
                            Serve HTTPS directly with this PEM certificate and key.
          --trust-proxy     Believe X-Forwarded-Proto from a reverse proxy on this machine (HTTPS cookies).
          --insecure-open   Without accounts, serve everyone as the owner even off 127.0.0.1 (trusted networks only).
          --max-upload-mb N     Largest photo upload in megabytes (default: 50).
          --max-video-mb N      Largest walk-through video upload in megabytes (default: 2000).
          --max-megapixels N    Largest photo in megapixels, checked before decoding (default: 100).
          --max-connections-per-address N
                            Connections one client address may hold at once (default: 128; an IPv6 /64
                            is one address). Behind --trust-proxy, the proxy's own are not counted.
          --backup-to DIR   Back up the data folder into DIR on a schedule (best on another disk), verify
                            each backup, and show on the home page when the last verified one was made.
          --backup-every TIME   How often: 24h (the default), 12h, 30m, 7d.
          --backup-keep N   Keep the newest N backups in DIR (default: all).
          --offsite restic:REPO Copy each backup off site with restic; passwords and keys from restic's
                            environment variables (RESTIC_PASSWORD_FILE, AWS_ACCESS_KEY_ID, RESTIC_REST_PASSWORD, …)
                            or the configuration file, never in the URL on the command line.
          --smtp-url URL    E-mail reminders through this mail server: smtp://host:587 (STARTTLS when offered,
                            required with a password) or smtps://host:465. Its user and password come from
                            HOMEPWNER_SMTP_USER and HOMEPWNER_SMTP_PASSWORD, or --smtp-password-file FILE.
          --mail-from ADDRESS   The address reminders come from.
          --mail-site-url URL   The address people open Homepwner at, for the links in e-mails
                            (default: the address it serves, as printed at start).
          --smtp-ca-file PEM    Trust these certificate authorities for the mail server instead of the system's.
          --mail-hour H         Send a day's reminders from this hour, local time (default 8).
          --mail-time-zone ZONE The household's time zone for that hour, such as Europe/Berlin (default: the
                            server's, TZ).
          --exchange-rates-url URL
                            Fetch the European Central Bank's euro reference rates from URL at start and then
                            daily (an hour after a failure), for prices paid in another currency. Off by
                            default: without it the server never calls out for them (import a file instead).
                            https://www.ecb.europa.eu/stats/eurofxref/ (a folder, ending in /): the whole
                            history, eurofxref-hist.zip, while no recent rates are held, then each day's
                            eurofxref-daily.xml. The address of one file (such as
                            https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): that file each time.
        """

    static func run(_ arguments: [String]) throws {
        // Before anything runs: a password in an --offsite URL here is on this process's command line.
        for (index, argument) in arguments.enumerated() where argument == "--offsite" && index + 1 < arguments.count {
            do { try ResticRepository.refusePasswordOnTheCommandLine(arguments[index + 1]) } catch { throw CommandLineError(message: "\(error)") }
        }
        guard let command = arguments.first else {
            print(usage)
            return
        }
        switch command {
        case "--help", "-h", "help":
            print(usage)
        case "serve":
            try serve(Array(arguments.dropFirst()))
        case "renditions":
            try renditions(Array(arguments.dropFirst()))
        case "scan":
            try scan(Array(arguments.dropFirst()))
        case "user":
            try UserCommand.run(Array(arguments.dropFirst()))
        case "read-codes":
            try ReadCodesCommand.run(Array(arguments.dropFirst()))
        case "export":
            try ExportCommand.export(Array(arguments.dropFirst()))
        case "import":
            try ImportCommand.run(Array(arguments.dropFirst()))
        case "claim-report":
            try ClaimReportCommand.run(Array(arguments.dropFirst()))
        case "backup": try BackupCommands.backup(Array(arguments.dropFirst()))
        case "restore": try BackupCommands.restore(Array(arguments.dropFirst()))
        case "verify": try BackupCommands.verify(Array(arguments.dropFirst()))
        default:
            throw CommandLineError(message: "unknown command “\(command)”. Run homepwner --help to see the commands.")
        }
    }

    private static func scan(_ arguments: [String]) throws {
        var data = URL(fileURLWithPath: "data")
        var roots: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print("Usage: homepwner scan [--data DIR] --library PATH [--library PATH]...\n\nReads the headers of new and changed photos under each folder into DIR's database (default ./data).")
                return
            case "--data":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--data needs a folder.") }
                data = URL(fileURLWithPath: value)
            case "--library":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--library needs a folder of photos.") }
                roots.append(value)
            default:
                throw CommandLineError(message: "unknown option “\(argument)” for scan. Run homepwner scan --help.")
            }
        }
        guard !roots.isEmpty else { throw CommandLineError(message: "say which folder to scan: homepwner scan --data DIR --library PATH") }
        let status = try LibraryScanCommand.run(data: DataFolder(data), roots: roots, interactive: isatty(1) != 0)
        if status.state == .inaccessible { throw CommandLineError(message: status.problem?.explanation ?? "the library cannot be read.") }
    }

    /// The arguments with those of `--config FILE` in front (so the command line's come later and win).
    static func withConfigFile(_ arguments: [String]) throws -> [String] {
        guard let index = arguments.firstIndex(of: "--config") else { return arguments }
        guard index + 1 < arguments.count else { throw CommandLineError(message: "--config needs a file. Run homepwner serve --help.") }
        let path = arguments[index + 1]
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandLineError(message: "cannot read the configuration file \(path): \(error.localizedDescription)")
        }
        let known: Set<String> = ["data", "host", "port", "library", "max-upload-mb", "max-video-mb", "max-megapixels", "max-connections-per-address",
                                  "backup-to", "backup-every", "backup-keep", "offsite", "smtp-url", "mail-from", "mail-site-url", "smtp-ca-file", "smtp-password-file",
                                  "mail-hour", "mail-time-zone", "exchange-rates-url"]
        let flags: Set<String> = ["demo", "quiet"]
        var fromFile: [String] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if line.isEmpty { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let name = parts[0]
            if flags.contains(name), parts.count == 1 || ["true", "yes", "on"].contains(parts[1].lowercased()) {
                fromFile.append("--\(name)")
                continue
            }
            guard known.contains(name), parts.count == 2, !parts[1].isEmpty else {
                throw CommandLineError(message: "\(path), line \(number + 1): expected “name = value” with name one of \(known.sorted().joined(separator: ", ")), or demo / quiet.")
            }
            fromFile += ["--\(name)", parts[1]]
        }
        var rest = arguments
        rest.removeSubrange(index...(index + 1))
        return fromFile + rest
    }

    private static func renditions(_ arguments: [String]) throws {
        var output: URL?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var files: [URL] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--output needs a folder.") }
                output = URL(fileURLWithPath: value)
            case "--jobs":
                guard let value = remaining.popFirst(), let number = Int(value), number > 0 else {
                    throw CommandLineError(message: "--jobs needs a whole number of workers, 1 or more.")
                }
                jobs = number
            default:
                files.append(URL(fileURLWithPath: argument))
            }
        }
        guard let output, !files.isEmpty else {
            throw CommandLineError(message: "usage: homepwner renditions --output DIR [--jobs N] FILE...")
        }
        let summary = try RenditionBatch.run(files: files, output: output, jobs: jobs)
        print(String(format: "%d photos, %d failed, %.3f s, %.1f ms per photo", summary.photos, summary.failures.count,
                     summary.seconds, summary.seconds * 1000 / Double(max(1, summary.photos))))
        for failure in summary.failures { print("  \(failure)") }
        if !summary.failures.isEmpty { throw CommandLineError(message: "\(summary.failures.count) photos failed.") }
    }

    private static func serve(_ arguments: [String]) throws {
        var configuration = AppConfiguration(dataDirectory: URL(fileURLWithPath: "data"))
        var remaining = try withConfigFile(arguments)[...]
        var backup = ServeBackupOptions()
        var mail = ServeMailOptions()
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw CommandLineError(message: "\(option) needs a value. Run homepwner serve --help.")
            }
            return value
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--help", "-h":
                print(serveUsage)
                return
            case "--data":
                configuration.dataDirectory = URL(fileURLWithPath: try value(for: option))
            case "--host":
                configuration.host = try value(for: option)
            case "--port":
                let text = try value(for: option)
                guard let port = UInt16(text) else {
                    throw CommandLineError(message: "--port must be a number from 0 to 65535, not “\(text)”.")
                }
                configuration.port = port
            case "--demo":
                configuration.seedDemoContent = true
            case "--library":
                configuration.libraryRoots.append(try value(for: option))
            case "--quiet":
                configuration.accessLog = false
            case "--ready-file":
                configuration.readyFile = URL(fileURLWithPath: try value(for: option))
            case "--insecure-open":
                configuration.insecureOpen = true
            case "--trust-proxy":
                configuration.trustProxy = true
            case "--tls-cert":
                configuration.tlsCertificatePath = try value(for: option)
            case "--tls-key":
                configuration.tlsKeyPath = try value(for: option)
            case "--rescan-minutes":
                let text = try value(for: option)
                guard let minutes = Int(text), (0...10_080).contains(minutes) else {
                    throw CommandLineError(message: "--rescan-minutes must be a whole number from 0 (only at start) to 10080 (a week), not “\(text)”.")
                }
                configuration.libraryRescanInterval = minutes == 0 ? nil : .seconds(minutes * 60)
            case "--max-upload-mb":
                let text = try value(for: option)
                guard let megabytes = Int(text), (1...10_000).contains(megabytes) else {
                    throw CommandLineError(message: "--max-upload-mb must be a whole number from 1 to 10000, not “\(text)”.")
                }
                configuration.maxUploadBytes = megabytes * 1_000_000
            case "--max-video-mb":
                let text = try value(for: option)
                guard let megabytes = Int(text), (1...100_000).contains(megabytes) else {
                    throw CommandLineError(message: "--max-video-mb must be a whole number from 1 to 100000, not “\(text)”.")
                }
                configuration.maxVideoUploadBytes = megabytes * 1_000_000
            case "--max-megapixels":
                let text = try value(for: option)
                guard let megapixels = Int(text), (1...10_000).contains(megapixels) else {
                    throw CommandLineError(message: "--max-megapixels must be a whole number from 1 to 10000, not “\(text)”.")
                }
                configuration.maxImagePixels = megapixels * 1_000_000
            case "--max-connections-per-address":
                let text = try value(for: option)
                guard let count = Int(text), (1...10_000).contains(count) else {
                    throw CommandLineError(message: "--max-connections-per-address must be a whole number from 1 to 10000, not “\(text)”.")
                }
                configuration.connectionsPerAddress = count
            case "--exchange-rates-url":
                let url = try value(for: option)
                do {
                    configuration.exchangeRateSource = try ExchangeRateSource(url: url)
                } catch {
                    throw CommandLineError(message: "\(error)")
                }
            case _ where ServeBackupOptions.names.contains(option):
                backup.take(option, try value(for: option))
            case _ where ServeMailOptions.names.contains(option):
                mail.take(option, try value(for: option))
            default:
                throw CommandLineError(message: "unknown option “\(option)” for serve. Run homepwner serve --help.")
            }
        }
        configuration.backupSchedule = try backup.schedule()
        configuration.reminderMail = try mail.settings()
        guard (configuration.tlsCertificatePath == nil) == (configuration.tlsKeyPath == nil) else {
            throw CommandLineError(message: "--tls-cert and --tls-key go together: give both, or neither.")
        }
        // Caught before the server announces itself: a SIGTERM sent as soon as it is ready stops it gracefully.
        let signals = TerminationSignals()
        let app = try HomepwnerApp(configuration: configuration)
        print("Homepwner is serving \(app.url)/ with data in \(configuration.dataDirectory.path). Press Ctrl-C to stop.")
        if let setup = app.setupPath {
            print("No accounts yet\(app.isOpenWithoutAccounts ? ": open to everyone on this computer until one exists" : ""). Create the owner at \(app.url)\(setup) (one use, valid for an hour).")
        }
        if let mail = configuration.reminderMail { print("Reminders are e-mailed through \(mail.server), from \(mail.from).") }
        if let rates = configuration.exchangeRateSource { print("Exchange rates are fetched daily from \(rates.url).") }
        if !app.leftovers.isEmpty { print(app.leftovers.summary) }
        fflush(nil)
        app.runUntilTerminated(signals)
        print("Homepwner stopped.")
    }
}
