using Fudge.Serialization;

namespace Fudge.Generators.Tests.ReviewFindings;

[FudgeMessage]
public partial record struct Level(string Name, int Value = 5, string Unit = "pt");

[FudgeMessage]
public partial struct Setting
{
    public Setting(string key, int weight = 3) { Key = key; Weight = weight; }
    public string Key { get; set; }
    public int Weight { get; set; }
}

[FudgeMessage]
public partial record WithIgnoredParameter(int A, [property: FudgeIgnore] string? Cache);
