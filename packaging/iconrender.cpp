// SPDX-License-Identifier: GPL-3.0-or-later
// Build tool: renders the application's SVG icon to PNG files of the hicolor
// sizes (packaging/CMakeLists.txt). Usage: jwiconrender SVG OUTDIR SIZE...
// writes OUTDIR/SIZExSIZE/jwfleet.png for each SIZE.
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    QTextStream err(stderr);
    if (args.size() < 3) {
        err << "usage: jwiconrender SVG OUTDIR SIZE...\n";
        return 2;
    }
    const QString svg = args.at(0);
    const QString name = QFileInfo(svg).completeBaseName();
    for (const QString &s : args.mid(2)) {
        bool ok = false;
        const int size = s.toInt(&ok);
        if (!ok || size <= 0) {
            err << "jwiconrender: bad size '" << s << "'\n";
            return 2;
        }
        QImageReader reader(svg);
        reader.setScaledSize(QSize(size, size));
        QImage image = reader.read();
        if (image.isNull()) {
            err << "jwiconrender: " << svg << ": " << reader.errorString()
                << " (the SVG image plugin is in the Debian package libqt6svg6)\n";
            return 1;
        }
        const QString dir = args.at(1) + QStringLiteral("/%1x%1").arg(size);
        const QString out = dir + QLatin1Char('/') + name + QStringLiteral(".png");
        if (!QDir().mkpath(dir) || !image.convertToFormat(QImage::Format_ARGB32).save(out)) {
            err << "jwiconrender: cannot write " << out << '\n';
            return 1;
        }
    }
    return 0;
}
