import XCTest
import Foundation

/// A program knows only what it could know on a device (docs/model.md#what-a-program-knows),
/// and the compiler holds it to that (issue 42): a surface's programs are a module of their own
/// (`<Surface>Programs`, Package.swift's `surfaceFolders`) that sees the kernel, the platform and
/// the surface API (`SurfaceCore`) only. This type-checks small program files as such a module
/// would (importing those three, in this package) and checks that what a program must not reach
/// does not compile: the world, the assembly, another surface's programs and the app's
/// container, the truth and what the measurement layer recorded, the assembly's own calls, the
/// app's session design, the engine, and the platform's setters. A file that reaches only what
/// a program may (a glance reported to its screen's observer) compiles, so a failure is the
/// boundary's and not the check's. (A target importing a module it does not declare fails the
/// build itself: `scripts/test.sh` builds with `--explicit-target-dependency-import-check error`.)
final class ProgramBoundaryTests: XCTestCase {
    /// What the compiler says of a program file whose body is `code`: nil if it compiles.
    private func compile(_ code: String) throws -> String? {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = root.appendingPathComponent(".build")
        let modules = build.appendingPathComponent("debug/Modules")
        guard FileManager.default.fileExists(atPath: modules.path) else { throw XCTSkip("no debug build at \(modules.path)") }
        // The package's name as the build gives it to the compiler (`package` declarations are
        // visible within it only).
        let plan = try String(contentsOf: build.appendingPathComponent("debug.yaml"), encoding: .utf8)
        let marker = "-package-name\",\""
        let start = try XCTUnwrap(plan.range(of: marker)?.upperBound, "the build plan names the package")
        let name = String(plan[start...].prefix { $0 != "\"" })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("program-\(UUID().uuidString).swift")
        try ("import SimKernel\nimport Platform\nimport SurfaceCore\n\n" + code + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-package-name", name, file.path]
        let said = Pipe()
        swiftc.standardOutput = said
        swiftc.standardError = said
        try swiftc.run()
        let text = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swiftc.waitUntilExit()
        return swiftc.terminationStatus == 0 ? nil : text
    }

    private func assertRefused(_ code: String, saying reason: String, line: UInt = #line) throws {
        let said = try compile(code)
        XCTAssertNotNil(said, "a program compiles with: \(code)", line: line)
        if let said { XCTAssertTrue(said.contains(reason), "\(code): expected \"\(reason)\", the compiler said:\n\(said)", line: line) }
    }

    func testWhatAProgramMayReachCompiles() throws {
        XCTAssertNil(try compile("func glance(_ measure: Measurement, _ screen: SurfaceObserver) { measure.glance(screen) }"))
    }

    /// No program names the world, the assembly, another surface's programs or the app's
    /// container (the App module's own; the car's, watch's, television's and widget
    /// extension's are private to their programs).
    func testAProgramNamesNoWorldAssemblyOrOtherProgram() throws {
        try assertRefused("func f(_ w: World) {}", saying: "cannot find type 'World'")
        try assertRefused("func f(_ a: Assembly) {}", saying: "cannot find type 'Assembly'")
        try assertRefused("func f(_ app: MainApp) {}", saying: "cannot find type 'MainApp'")
        try assertRefused("func f(_ c: AppContainer) {}", saying: "cannot find type 'AppContainer'")
    }

    /// The truth and what the measurement layer recorded are the measurement's: a program
    /// reports, and never reads or writes them (docs/metrics.md, docs/model.md#the-truth).
    func testAProgramReadsNeitherTheTruthNorTheMeasurement() throws {
        try assertRefused("func f(_ m: Measurement) { _ = m.truth }", saying: "'truth' is inaccessible")
        try assertRefused("func f(_ c: ChangeJourneys) { _ = c.truth }", saying: "'truth' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.counters }", saying: "'counters' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.holders }", saying: "'holders' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.backendCost }", saying: "'backendCost' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.signedOutAt }", saying: "'signedOutAt' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { _ = m.result }", saying: "'result' is inaccessible")
        try assertRefused("func f(_ s: TelevisionSignals) { _ = s.playbacks }", saying: "'playbacks' is inaccessible")
    }

    /// What only the assembly does (taking the result, deciding a leak ended) is not a
    /// program's to call.
    func testAProgramMakesNoCallOfTheAssembly() throws {
        try assertRefused("func f(_ m: Measurement) { _ = m.takeResult() }", saying: "'takeResult' is inaccessible")
        try assertRefused("func f(_ m: Measurement) { m.leakEnded(.signoutTVLeak) }", saying: "'leakEnded' is inaccessible")
    }

    /// Where the app keeps its session is the app's design: no other program reads it.
    func testOnlyTheAppReadsWhereItKeepsItsSession() throws {
        try assertRefused("func f(_ p: Parameters) -> Bool { p.session.inSharedSecureStorage }", saying: "'session' is inaccessible")
    }

    /// A program never holds the engine (its context ends only its own run, and a launch is
    /// the platform's), and the platform's records change only by the system's own calls.
    func testAProgramHoldsNoEngineAndSetsNoPlatformRecord() throws {
        try assertRefused("final class P: SurfaceProgram<Int, Int, NoPorts> { override func launched(by l: Launcher, resumed: Bool, engine: Engine) {} }",
                          saying: "overriding non-open instance method")
        try assertRefused("func f(_ os: OperatingSystem) { os.appInForeground = true }", saying: "setter is inaccessible")
    }
}
