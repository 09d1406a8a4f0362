using System;
using System.IO;
using Fudge.Samples;

// Usage: dotnet run --project samples/SampleGenerator -- [output folder, default "samples"]
string folder = args.Length > 0 ? args[0] : "samples";
Directory.CreateDirectory(folder);
foreach (var (name, bytes) in SampleFiles.Generate())
{
    Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(folder, name))!);
    File.WriteAllBytes(Path.Combine(folder, name), bytes);
    Console.WriteLine($"{Path.Combine(folder, name)}: {bytes.Length} bytes");
}
