import XCTest
@testable import Surfaces
@_spi(Assembly) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// A program knows only what it could know on a device (docs/model.md#what-a-program-knows):
/// where the app keeps its session is the app's design, so no other program reads it; the
/// others look the shared entry up. A program reports to the measurement layer and never writes
/// a metric, touches no other program's storage, and reads neither the app's account nor
/// whether it signed out.
final class ProgramKnowledgeTests: XCTestCase {
    /// Every program's source: the surfaces' folders hold programs (the catalogues, the world,
    /// the operating system and the chapter's scripts are not programs), as (folder, file name, text).
    private func programSources() throws -> [(folder: String, file: String, text: String)] {
        let surfaces = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces")
        let folders = try FileManager.default.contentsOfDirectory(atPath: surfaces.path)
            .filter { !["Parameters", "Metrics", "World", "OS", "Chapter"].contains($0) }
        var sources: [(folder: String, file: String, text: String)] = []
        for folder in folders.sorted() {
            let dir = surfaces.appendingPathComponent(folder)
            for f in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where f.hasSuffix(".swift") {
                sources.append((folder, f, try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)))
            }
        }
        XCTAssertGreaterThan(sources.count, 15)
        return sources
    }

    func testOnlyTheAppReadsWhereItKeepsItsSession() throws {
        for s in try programSources() where "\(s.folder)/\(s.file)" != "App/MainApp.swift" {
            XCTAssertFalse(s.text.contains("session.inSharedSecureStorage"), "\(s.folder)/\(s.file) reads the app's session design")
        }
    }

    /// The app's sign-in state is the app's own (docs/model.md#what-a-program-knows): which
    /// account is signed in and whether the user signed out live in its container, and no other
    /// program reads them (nor a sign-out flag kept anywhere else). What another program needs of
    /// them comes as a message (the account an order is placed under), from the person's own
    /// knowledge (the user program stops what a signed-out person stops), or from what it may read
    /// itself (the shared session entry); and no program decides that a sign-out's leak ended:
    /// the measurement layer derives it from what the programs report.
    func testNoProgramReadsTheAppsSignInState() throws {
        let signedOut = try NSRegularExpression(pattern: #"\b(w|world|appContainer|container|storage)\.signedOut\b|(?<![.\w])signedOut\b"#)
        let account = try NSRegularExpression(pattern: #"\b(w|world)\.(appContainer\.)?(storage\.)?account\b|\bappCredential\b"#)
        for s in try programSources() {
            let all = NSRange(s.text.startIndex..., in: s.text)
            if s.folder != "App" {
                XCTAssertNil(signedOut.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reads whether the app signed out")
                XCTAssertNil(account.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reads the app's account")
            }
            XCTAssertFalse(s.text.lowercased().contains("leakended"), "\(s.folder)/\(s.file) decides that a sign-out leak ended")
        }
    }

    /// Measurement apart from models (docs/metrics.md): a program reports what happened to the
    /// measurement layer (`measure.shows`, `glance`, `report`) and never writes a metric, a
    /// count or a sample itself. A surface's part of the metric catalogue (the file in its folder
    /// that extends `MetricCatalog`) is the measurement layer's, turning what it recorded into the
    /// surface's metrics (a surface added from outside writes them by name, `Metrics/SurfaceReport.swift`),
    /// so those are not checked; they hold no program.
    func testNoProgramWritesAMetric() throws {
        for s in try programSources() {
            if s.text.contains("extension MetricCatalog") {
                for program in ["SimulatedProcess", "func receive(", "engine.send"] {
                    XCTAssertFalse(s.text.contains(program), "\(s.folder)/\(s.file), a part of the metric catalogue, holds a program (\(program))")
                }
                continue
            }
            for written in ["result.samples", "result.values", "counters.", "holders.", "backendCost."] {
                XCTAssertFalse(s.text.contains(written), "\(s.folder)/\(s.file) writes \(written) itself instead of reporting it")
            }
        }
    }

    /// Programs report to the measurement layer and never read it (docs/metrics.md): no program
    /// uses what a call to it returns, in a condition, an assignment or a return, so what a
    /// program does next never depends on what was measured. (The metric catalogue's parts, the
    /// measurement layer's own, read it to form the metrics.) The one thing a program takes from
    /// it is its surface's record of signals (`measure.signals(_:)`), which it only emits into
    /// (`testProgramsOnlyEmitIntoTheirSignals`).
    func testNoProgramReadsTheMeasurementLayer() throws {
        let used = try NSRegularExpression(pattern: #"(=|\bguard\b|\bif\b|\bwhile\b|&&|\|\||\breturn\b|,)\s*(let\s+\w+\s*=\s*)?((w|world|self)\.)?measure\.(?!signals\(\w+Signals\.self\)\s*$)"#,
                                           options: .anchorsMatchLines)
        for s in try programSources() where !s.text.contains("extension MetricCatalog") {
            let all = NSRange(s.text.startIndex..., in: s.text)
            XCTAssertNil(used.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reads the measurement layer")
        }
    }

    /// The truth is the measurement's (docs/model.md#the-truth): no program reads or writes it.
    /// A program hands its changes on through the changes' journeys (`changes.make`, `hold`,
    /// `letGo`; the backend's `changes.applied`), which keep the truth, and passes their register
    /// of lost changes (`changes.lost`) to its change sets. The measurement layer's records of
    /// signals read it for their measures (`SurfaceSignals.staleness(of:)`), as the metric
    /// catalogue's parts do.
    func testNoProgramReadsOrWritesTheTruth() throws {
        let truth = try NSRegularExpression(pattern: #"\b(w|world|self)\.truth\b|\bTruth\b"#)
        for s in try programSources() where !s.text.contains("extension MetricCatalog") {
            let all = NSRange(s.text.startIndex..., in: s.text)
            XCTAssertNil(truth.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reads or writes the truth")
        }
    }

    /// A surface's record of its signals (a `SurfaceSignals`, declared beside its metrics) is the
    /// measurement layer's: a program holds it only to emit what happened into it
    /// (`signals.emit(…)`), never reads it back, and keeps no sample or count of its own to
    /// measure. Only the records' own files, which hold no program, form values from them.
    func testProgramsOnlyEmitIntoTheirSignals() throws {
        let touched = try NSRegularExpression(pattern: #"\bsignals\.(?!emit\()"#)
        var emitters = 0
        for s in try programSources() where !s.text.contains(": SurfaceSignals") && !s.text.contains("extension MetricCatalog") {
            let all = NSRange(s.text.startIndex..., in: s.text)
            XCTAssertNil(touched.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reads its record of signals")
            if s.text.contains("signals.emit(") { emitters += 1 }
        }
        XCTAssertGreaterThanOrEqual(emitters, 3, "the programs that emit signals were found")
        for s in try programSources() where s.text.contains(": SurfaceSignals") {
            for program in ["SimulatedProcess", "func receive(", "engine.send"] {
                XCTAssertFalse(s.text.contains(program), "\(s.folder)/\(s.file), a record of signals, holds a program (\(program))")
            }
        }
    }

    /// A program's own storage is its own (docs/model.md#what-a-program-knows): the app's
    /// container (`AppContainer`) is made, read and written only by the app's folder, and the
    /// system writes into it only the user's settings, through the preferences the app hands it
    /// (`AppSettingsDomain`); the car's, the
    /// watch's, the television's and the widget extension's containers are private stored
    /// state of their program, kept across its runs.
    /// What one program needs of another's goes by a message or a platform record.
    func testNoProgramReadsAnotherProgramsStorage() throws {
        let reach = try NSRegularExpression(pattern: #"\b(appContainer|AppContainer|AppStorage)\b"#)
        let sources = try programSources()
        for s in sources where s.folder != "App" {
            let all = NSRange(s.text.startIndex..., in: s.text)
            XCTAssertNil(reach.firstMatch(in: s.text, range: all), "\(s.folder)/\(s.file) reaches into the app's container")
        }
        for (folder, file, contents) in [("Car", "CarSurface.swift", "CarStorage"), ("Watch", "WatchApp.swift", "WatchStorage"),
                                         ("Television", "TelevisionApp.swift", "TelevisionStorage"),
                                         ("Widget", "WidgetProvider.swift", "WidgetContainer")] {
            let program = sources.first { $0.folder == folder && $0.file == file }
            XCTAssertNotNil(program, "\(folder)/\(file)")
            // Private stored state of the program, or the container of its one state struct (a
            // `SurfaceProgram`'s `state`, which no other program holds a reference to).
            XCTAssertTrue(program.map { $0.text.contains("private var container = \(contents)()") || $0.text.contains("    var container = \(contents)()") } ?? false,
                          "\(folder)/\(file) keeps its container private")
            for s in sources where s.folder != folder {
                XCTAssertFalse(s.text.contains(contents), "\(s.folder)/\(s.file) reaches into \(folder)'s \(contents)")
            }
        }
    }

    // Compiler-enforced, so no longer checked here: that no program sets the platform's
    // records other programs depend on (whether the app is in front, what the background
    // transfer service holds, whether the readings' key is lost). A program holds no
    // `OperatingSystem`, only the capability services it declares (`Platform/Capabilities/`),
    // which offer no setter: `DeviceService.appInForeground` is read-only, the transfers and
    // the key change only by the system's own calls (`holdRevocation()`, `revocationConfirmed()`,
    // `renewReadingsKey()`), and the system's setters are internal to `Platform`.

    /// A run's limits, its launch by the system and its end by the system are the operating
    /// system's (docs/model.md#the-operating-system, docs/model.md#main-app): the car's scene
    /// runs the app with no time limit because the system launches it so
    /// (`Platform/OS/CarConnection.swift`), the share sheet and the shortcuts runner have the
    /// system launch the app's extensions (`launchShareExtension`, `launchIntentsExtension`).
    /// No program lifts a run's budget or launches a run through the engine, and each program ends only its
    /// own run: every end is read within the class (or extension) it is written in, and an end
    /// whose run this cannot read fails too.
    func testNoProgramLaunchesOrEndsAnotherProgramsRun() throws {
        let lift = try NSRegularExpression(pattern: #"\bliftTimeBudget\b"#)
        let launch = try NSRegularExpression(pattern: #"(\bengine|\$0)\.launch\("#)
        let anyEnd = try NSRegularExpression(pattern: #"(\bengine|\$0)\.end\("#)
        let end = try NSRegularExpression(pattern: #"(?:\bengine|\$0)\.end\((?:w|world)\.ids\.(\w+)\b"#)
        let scope = try NSRegularExpression(pattern: #"(?m)^(?:final class|extension) (\w+)"#)
        // The run each program may end: its own, whose address is named as the program.
        let own = Dictionary(uniqueKeysWithValues: Assembly.programTypes.map { (String(describing: $0), $0.programName) })
        var ends = 0
        // A `SurfaceProgram` ends its own run through its context, which ends only that run
        // (`ProgramContext.end`: the context's engine call names its own address).
        let contextEnd = try NSRegularExpression(pattern: #"\bcontext\.end\("#)
        for s in try programSources() where s.folder != "Program" {
            let all = NSRange(s.text.startIndex..., in: s.text)
            let path = "\(s.folder)/\(s.file)"
            XCTAssertNil(lift.firstMatch(in: s.text, range: all), "\(path) lifts a run's budget itself")
            XCTAssertNil(launch.firstMatch(in: s.text, range: all), "\(path) launches a run itself")
            let scopes = scope.matches(in: s.text, range: all).map { ($0.range.location, String(s.text[Range($0.range(at: 1), in: s.text)!])) }
            let matches = end.matches(in: s.text, range: all)
            XCTAssertEqual(matches.count, anyEnd.numberOfMatches(in: s.text, range: all), "\(path) ends a run this test cannot read")
            ends += contextEnd.numberOfMatches(in: s.text, range: all)
            for match in matches {
                let id = String(s.text[Range(match.range(at: 1), in: s.text)!])
                let program = scopes.last { $0.0 < match.range.location }?.1 ?? "(file scope)"
                XCTAssertEqual(own[program], id, "\(path): \(program) ends \(id)'s run")
                ends += 1
            }
        }
        XCTAssertGreaterThanOrEqual(ends, 15, "the programs' own ends were found")
    }
}
