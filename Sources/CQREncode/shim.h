// libqrencode: the modules of a QR code for a string, drawn by the QRCode target.
#include <qrencode.h>
