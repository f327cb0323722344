import XCTest
@testable import Statistics

/// The normal and t distributions against reference values (R's qnorm/qt/pt, to the digits
/// shown).
final class DistributionTests: XCTestCase {
    func testNormalQuantileAndCDFAtReferenceValues() {
        XCTAssertEqual(NormalDistribution.quantile(0.975), 1.959963984540054, accuracy: 1e-15)
        XCTAssertEqual(NormalDistribution.quantile(0.5), 0)
        XCTAssertEqual(NormalDistribution.quantile(1e-10), -6.361340902404056, accuracy: 1e-12)
        XCTAssertEqual(NormalDistribution.cdf(1.96), 0.9750021048517795, accuracy: 1e-15)
        for p in stride(from: 0.001, to: 1, by: 0.013) {
            XCTAssertEqual(NormalDistribution.cdf(NormalDistribution.quantile(p)), p, accuracy: 1e-14)
        }
    }

    func testStudentTQuantilesAtReferenceValues() {
        XCTAssertEqual(StudentT.quantile(0.975, degreesOfFreedom: 10), 2.228138851986274, accuracy: 1e-12)
        XCTAssertEqual(StudentT.quantile(0.95, degreesOfFreedom: 5), 2.015048373333023, accuracy: 1e-12)
        XCTAssertEqual(StudentT.quantile(0.995, degreesOfFreedom: 3), 5.840909309733355, accuracy: 1e-11)
        XCTAssertEqual(StudentT.quantile(0.9, degreesOfFreedom: 57.5), 1.2964488139361698, accuracy: 1e-12)
        XCTAssertEqual(StudentT.cdf(2, degreesOfFreedom: 2), 0.908248290463863, accuracy: 1e-14)
        XCTAssertEqual(StudentT.cdf(1, degreesOfFreedom: 1), 0.75, accuracy: 1e-14)
        XCTAssertEqual(StudentT.quantile(0.025, degreesOfFreedom: 7), -StudentT.quantile(0.975, degreesOfFreedom: 7))
    }

    /// The study layer's 95 % critical values (a table, then Cornish–Fisher) agree with the
    /// general quantile, so moving an interval onto `critical` changes no printed figure.
    func testTheNinetyFiveCriticalValuesAgreeWithTheGeneralQuantile() {
        for nu in 1...30 {
            XCTAssertEqual(StudentT.quantile975(degreesOfFreedom: nu), StudentT.quantile(0.975, degreesOfFreedom: Double(nu)),
                           accuracy: 1e-12 * StudentT.quantile975(degreesOfFreedom: nu), "ν = \(nu)")
        }
        for nu in 31...400 {
            XCTAssertEqual(StudentT.quantile975(degreesOfFreedom: nu), StudentT.quantile(0.975, degreesOfFreedom: Double(nu)),
                           accuracy: 1e-7, "ν = \(nu)")
        }
        XCTAssertEqual(StudentT.critical(confidence: 0.95, degreesOfFreedom: 12), StudentT.quantile975(degreesOfFreedom: 12))
        XCTAssertEqual(StudentT.critical(confidence: 0.9, degreesOfFreedom: 5), 2.015048373333023, accuracy: 1e-12)
    }
}
