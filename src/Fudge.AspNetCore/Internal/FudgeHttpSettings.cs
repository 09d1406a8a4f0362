using System;
using Fudge.Json;
using Fudge.Xml;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// <see cref="FudgeHttpOptions"/> as the bodies use them, derived once: the JSON settings in both modes and the XML
/// settings, each with the options' reader limits. A singleton that <see cref="FudgeServiceCollectionExtensions.AddFudge"/> registers.
/// </summary>
internal sealed class FudgeHttpSettings
{
    public FudgeHttpSettings(IOptions<FudgeHttpOptions> options)
    {
        var value = options.Value;
        ReaderOptions = value.ReaderOptions ?? FudgeReaderOptions.Default;
        WriterOptions = value.WriterOptions;
        PlainJson = Copy(value.JsonSettings ?? FudgeJsonSettings.Plain, FudgeJsonMode.Plain, ReaderOptions, WriterOptions);
        LosslessJson = Copy(value.JsonSettings ?? FudgeJsonSettings.Plain, FudgeJsonMode.Lossless, ReaderOptions, WriterOptions);
        var xml = value.XmlSettings ?? new FudgeXmlSettings();
        Xml = new FudgeXmlSettings
        {
            RootElementName = xml.RootElementName,
            TypeAttributes = xml.TypeAttributes,
            EnvelopeAttributes = xml.EnvelopeAttributes,
            TaxonomyNames = xml.TaxonomyNames,
            ReaderOptions = ReaderOptions,
            WriterOptions = WriterOptions ?? xml.WriterOptions,
        };
    }

    public FudgeReaderOptions ReaderOptions { get; }

    public FudgeWriterOptions? WriterOptions { get; }

    public FudgeJsonSettings PlainJson { get; }

    public FudgeJsonSettings LosslessJson { get; }

    public FudgeXmlSettings Xml { get; }

    /// <summary>The settings of the application, or a clear error when <c>AddFudge</c> was not called.</summary>
    public static FudgeHttpSettings Of(HttpContext context)
        => context.RequestServices.GetService<FudgeHttpSettings>()
            ?? throw new InvalidOperationException("Fudge bodies need the package's services: call builder.Services.AddFudge() (or AddFudgeFormatters() on the MVC builder) at start-up.");

    private static FudgeJsonSettings Copy(FudgeJsonSettings source, FudgeJsonMode mode, FudgeReaderOptions reader, FudgeWriterOptions? writer) => new()
    {
        Mode = mode,
        KeyPreference = source.KeyPreference,
        EnvelopeAttributes = source.EnvelopeAttributes,
        RepeatedFields = source.RepeatedFields,
        ByteArrays = source.ByteArrays,
        NumberArrays = source.NumberArrays,
        NumericKeysAsOrdinals = source.NumericKeysAsOrdinals,
        ReaderOptions = reader,
        WriterOptions = writer ?? source.WriterOptions,
        // application/json: finite numbers both ways (System.Text.Json's default); mode=lossless carries NaN and infinities.
        FiniteNumbersOnly = mode == FudgeJsonMode.Plain,
    };
}
