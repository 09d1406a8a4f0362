using System.Globalization;

namespace Fudge.Benchmarks.Shared;

/// <summary>
/// Log documents from a fleet of 1,000 hosts (System.Hostname node-0 .. node-999, System.Pid) with five log types
/// (Log.Type, Log.Seq, Log.Text): the Fudge authors' query example "/System/Hostname is node-5 and /Log/Type is
/// AUDIT or SECURITY" selects 1 document in 2,500. Document <c>n</c> is always the same bytes, so a run can stream
/// any number of them without holding any; compiled into the store benchmarks and the scale harness.
/// </summary>
internal static class LogFleet
{
    public const int Hosts = 1000;
    private static readonly string[] Types = { "INFO", "WARN", "ERROR", "AUDIT", "SECURITY" };

    public const string Example = "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']";

    public static byte[] Document(int n)
    {
        var system = new FudgeMsg();
        system.Add("Hostname", "node-" + (n % Hosts).ToString(CultureInfo.InvariantCulture));
        system.Add("Pid", (short)(1000 + n % 3000));
        var log = new FudgeMsg();
        log.Add("Type", Types[n / Hosts % Types.Length]);
        log.Add("Seq", n);
        log.Add("Text", "event " + n.ToString(CultureInfo.InvariantCulture));
        var message = new FudgeMsg();
        message.Add("System", system);
        message.Add("Log", log);
        return new FudgeEnvelope(message).ToByteArray();
    }
}
