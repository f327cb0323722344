import SimKernel

/// The car connection (§25.8; docs/model.md#car, docs/model.md#keep-alives): the head unit's
/// system and the phone's service behind a projected car (CarPlay, Android Auto). When a drive
/// connects the car it keeps the phone app running for the drive (the car's keep-alive, which
/// the system grants) and launches the app's car scene, which the user chose on the car's
/// screen: even after a force-quit, with no background time limit (a run already going has its
/// limit lifted). If it cannot (a switched-off phone), or the app's run ends during the drive,
/// it checks again `carConnectionCheckEvery` later (the phone's own process keeps that time,
/// `PhoneEvent.carConnectionCheck`) and relaunches the scene if no run of the app is going.
/// The drive's end disconnects it and withdraws the keep-alive. The car's own program is the
/// client: it says when the car connects and disconnects, and nothing else of the connection.
extension OperatingSystem {
    /// A drive connects the projected car: the connection grants the car's keep-alive (the
    /// scene's notice tells the app) and launches the app's car scene; on a switched-off phone
    /// the grant stands, nothing is launched, and the connection checks again later.
    public func carConnects() {
        carConnection.connected = true
        carConnection.number += 1
        keepAliveGrants.set(.carConnection, true)
        if !launchCarScene() { checkCarSceneLater() }
    }

    /// The drive ended: the connection lets the app go (it is told, and suspends once idle unless
    /// something else keeps it running); its checks still to come do nothing.
    public func carDisconnects() {
        carConnection.connected = false
        releaseKeepAlive(.carConnection)
    }

    /// The app's run ended or was suspended: if a projected car keeps it running, the connection
    /// lost the app it projects and checks again later (`carConnectionCheck`).
    public func appRunEnded() {
        guard keepAliveGrants.isGranted(.carConnection) else { return }
        checkCarSceneLater()
    }

    /// The connection's check came (the phone's own process keeps its time): during the connection
    /// `connection` still, it launches the app's car scene again if no run of the app is going (a
    /// run that goes on, the user opened the app meanwhile, is left alone), and on a switched-off
    /// phone checks again later.
    public func carConnectionCheck(connection: Int64) {
        guard carConnection.connected, connection == carConnection.number else { return }
        if engine.isRunning(appProcess) { return }
        if !launchCarScene() { checkCarSceneLater() }
    }

    /// The next check of this connection, `carConnectionCheckEvery` from now.
    private func checkCarSceneLater() {
        send(.carConnectionCheck(connection: carConnection.number), via: wired(_wiring.phone, "phone"),
             after: settings.carConnectionCheckEvery)
    }

    /// Launches (or wakes) the app for its car scene and tells the run the scene connected, with
    /// the keep-alives that hold (`SystemWiring.carScene`): that notice is its wake. False when the
    /// phone is switched off.
    private func launchCarScene() -> Bool {
        guard beginBackgroundRun(.system, carScene: true) != nil else { return false }
        send(CarSceneConnection(keptAlive: keepAliveGrants.reasons), via: wired(_wiring.carScene, "carScene"))
        return true
    }
}

/// The car connection's own record (`OperatingSystem.carConnection`): whether a projected car is
/// connected, and the number of its connection (a check left from an earlier one does nothing).
struct CarConnectionState: Sendable {
    var connected = false
    var number: Int64 = 0
}
