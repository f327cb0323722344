import Foundation
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// `help parameters --platform P` (docs/cli.md): that profile's defaults, readable.
final class HelpPlatformTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.main(["surfacesim"] + arguments, console: console)
        return (status, console.output, console.errors)
    }

    /// The line of `path` in the listing.
    func line(_ text: String, _ path: String) -> String {
        text.split(separator: "\n").first { $0.hasPrefix("  \(path)  ") }.map(String.init) ?? ""
    }

    func testAndroidsDefaultsAreShownAndItsBudgetReadsAsNone() {
        let android = run(["help", "parameters", "--platform", "android"])
        XCTAssertEqual(android.status, 0, android.err)
        XCTAssertTrue(android.out.contains("android default"), android.out)
        XCTAssertTrue(line(android.out, "widget.budgetPerDay").contains("default none (unlimited"), line(android.out, "widget.budgetPerDay"))
        XCTAssertFalse(line(android.out, "widget.budgetPerDay").contains("default 10000"))
        XCTAssertTrue(line(android.out, "push.wakeRefusal").contains("default 0.1;"), line(android.out, "push.wakeRefusal"))
        XCTAssertTrue(line(android.out, "widget.reloadAfter").contains("default \"30m\""), line(android.out, "widget.reloadAfter"))
        let ios = run(["help", "parameters"])
        XCTAssertEqual(ios.out, run(["help", "parameters", "--platform", "ios"]).out)
        XCTAssertTrue(line(ios.out, "widget.budgetPerDay").contains("default 55;"))
        XCTAssertTrue(line(ios.out, "push.wakeRefusal").contains("default 0.2;"))
    }

    func testAnUnknownProfileIsExit2WithTheNearest() {
        let r = run(["help", "parameters", "--platform", "andriod"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("Did you mean 'android'?"), r.err)
        XCTAssertEqual(run(["help", "run", "--platform", "android"]).status, 2)
    }
}
