; The Windows installer of Touchmove: `make windows` builds it with NSIS
; (makensis) as dist/Touchmove-setup-windows-amd64.exe, from the .exe and
; the files tools/winres writes (version.nsh, touchmove.ico) in BUILD:
;
;   makensis -DBUILD=build/windows -DOUT=dist/Touchmove-setup-windows-amd64.exe packaging/windows/touchmove.nsi
;
; It installs for everyone (Program Files, needs an administrator) or for
; the user alone (their AppData\Local\Programs), as the user picks, or as
; /AllUsers or /CurrentUser say; /S installs silently (for everyone when
; run as an administrator, else for the user). It adds a Start menu entry,
; opens .pgn files with Touchmove (with its icon), and an uninstaller that
; Settings › Apps lists. The user's settings and games are never touched.

Unicode true
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma

!ifndef BUILD
  !error "give -DBUILD=the folder of touchmove.exe and version.nsh"
!endif
!ifndef OUT
  !define OUT "Touchmove-setup-windows-amd64.exe"
!endif
!include "${BUILD}\version.nsh"

!define PROGID "Touchmove.pgn"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Touchmove"

!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "Touchmove"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallMode"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!include MultiUser.nsh
!include MUI2.nsh
!include x64.nsh

Name "${APP_NAME}"
OutFile "${OUT}"
BrandingText "${APP_NAME} ${APP_VERSION}"
VIProductVersion "${APP_VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${APP_VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${APP_VERSION4}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP_NAME} ${APP_VERSION} Setup"
VIAddVersionKey /LANG=0 "Comments" "${APP_WEBSITE}"

!define MUI_ICON "${BUILD}\touchmove.ico"
!define MUI_UNICON "${BUILD}\touchmove.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\touchmove.exe"
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Russian"
!insertmacro MUI_LANGUAGE "Slovak"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP_NAME} needs 64-bit Windows (x64)." /SD IDOK
    Abort
  ${EndIf}
  !insertmacro MULTIUSER_INIT
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

Section "Touchmove" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "${BUILD}\touchmove.exe"
  File "/oname=README.txt" "${BUILD}\README.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\touchmove.exe" "" "$INSTDIR\touchmove.exe" 0 SW_SHOWNORMAL "" "${APP_DESCRIPTION}"

  ; .pgn files: Touchmove's file type, with the app's icon, offered in
  ; Open with, and the default when no program has the type yet.
  WriteRegStr SHCTX "Software\Classes\${PROGID}" "" "PGN chess games"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\touchmove.exe,0"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\touchmove.exe" "%1"'
  WriteRegStr SHCTX "Software\Classes\.pgn" "Content Type" "application/x-chess-pgn"
  WriteRegStr SHCTX "Software\Classes\.pgn" "PerceivedType" "text"
  WriteRegStr SHCTX "Software\Classes\.pgn\OpenWithProgids" "${PROGID}" ""
  ReadRegStr $0 SHCTX "Software\Classes\.pgn" ""
  ${If} $0 == ""
    WriteRegStr SHCTX "Software\Classes\.pgn" "" "${PROGID}"
  ${EndIf}
  WriteRegStr SHCTX "Software\Classes\Applications\touchmove.exe" "FriendlyAppName" "${APP_NAME}"
  WriteRegStr SHCTX "Software\Classes\Applications\touchmove.exe\SupportedTypes" ".pgn" ""
  WriteRegStr SHCTX "Software\Classes\Applications\touchmove.exe\shell\open\command" "" '"$INSTDIR\touchmove.exe" "%1"'
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)' ; SHCNE_ASSOCCHANGED

  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${APP_VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\touchmove.exe,0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "${APP_NAME}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "URLInfoAbout" "${APP_WEBSITE}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallMode" "$MultiUser.InstallMode"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" 27000
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\touchmove.exe"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"

  ReadRegStr $0 SHCTX "Software\Classes\.pgn" ""
  ${If} $0 == "${PROGID}"
    DeleteRegValue SHCTX "Software\Classes\.pgn" ""
  ${EndIf}
  DeleteRegValue SHCTX "Software\Classes\.pgn\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.pgn\OpenWithProgids"
  DeleteRegKey SHCTX "Software\Classes\${PROGID}"
  DeleteRegKey SHCTX "Software\Classes\Applications\touchmove.exe"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
SectionEnd
